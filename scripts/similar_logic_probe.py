"""Issue 29 probe (development only, not the rule): how far features that survive rewriting go.

Each function becomes three weighted bags (TF-IDF over the repository's functions, cosine):
lexical (sub-words of its name, parameters, docstring, names and attributes), distinctive
literals (not 0, 1, 2, -1, '', None, True, False), and syntax (parent>child node kinds);
score = 0.45 lexical + 0.25 literals + 0.30 syntax (literals left out when neither has any).

    python scripts/similar_logic_probe.py consolidations --clones /work/rw/consol-clones
    python scripts/similar_logic_probe.py commits --clones /work/rw/clones > probe.jsonl

``consolidations``: per row of scripts/corpora/consolidations.tsv, the rank and score of the
target among the functions that existed before the introducing commit.  ``commits``: per
agent commit of ../shared/realworld/commits, each new function (not under tests, >= 8 nodes)
whose best existing match (still present after the commit, not under tests) scores >= 0.7.

Figures (2026-12-07, this script as committed):
- consolidations: target ranked first with score >= 0.8 in 36 of 66 rows (0.55), >= 0.9 in
  28, >= 0.5 in 40; 10 rows unreadable (Python 2 sources, names not found).
- commits, the first 416 of 812: 2,559 new functions; 303 score >= 0.8 (56 commits), 143 of
  them with a margin >= 0.1 over the second match; >= 0.9 with that margin: 80 in 31 commits.
  Most are sibling implementations (agno's MySQL backend pasted from SQLite's, judged false as
  RA001/RA003 findings in scripts/verdicts/commits.tsv: "cannot be called from a sibling
  class") and moves whose original stays as a delegate.  A rule needs the engine's change set
  (moves, delegates, sibling overrides) before its precision can be read.
"""
import ast, csv, io, math, re, tarfile, json, collections
from pathlib import Path

from reuse_audit.source.gitrun import GitError, run_git
CL = Path('/work/rw/consol-clones')  # --clones
STOP = set("self cls the a an of to in is if for and or not none true false return def args kwargs get set str int list dict obj value val x i j k n s t v e f".split())

def git(repo, *a, text=False):
    out = run_git(list(a), CL / repo.replace('/', '+'))
    return out.decode('utf-8', 'replace') if text else out

def tree_files(repo, rev):
    data = git(repo, 'archive', '--format=tar', rev, '--', '*.py')
    out = {}
    with tarfile.open(fileobj=io.BytesIO(data)) as tf:
        for m in tf.getmembers():
            if m.isfile() and m.name.endswith('.py'):
                out[m.name] = tf.extractfile(m).read().decode('utf-8', 'replace')
    return out

def subwords(name):
    parts = re.findall(r'[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+', name)
    return [p.lower() for p in parts if len(p) > 1 and p.lower() not in STOP]

def functions(path, src):
    try:
        tree = ast.parse(src)
    except (SyntaxError, ValueError):
        return {}
    mod = path[:-3].replace('/', '.').removesuffix('.__init__')
    out = {}
    def visit(node, prefix):
        for ch in ast.iter_child_nodes(node):
            if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef)):
                q = prefix + ch.name
                out[mod + '.' + q] = ch
                visit(ch, q + '.<locals>.')
            elif isinstance(ch, ast.ClassDef):
                visit(ch, prefix + ch.name + '.')
            elif not isinstance(ch, (ast.Lambda,)):
                visit(ch, prefix) if isinstance(ch, (ast.If, ast.Try, ast.With)) else None
    visit(tree, '')
    return out

TRIVIAL = {0, 1, -1, '', None, True, False, 2}
def features(fn):
    lex, lit, struct = collections.Counter(), collections.Counter(), collections.Counter()
    for w in subwords(fn.name): lex['n:' + w] += 2
    for a in fn.args.args + fn.args.kwonlyargs:
        for w in subwords(a.arg): lex['p:' + w] += 1
    doc = ast.get_docstring(fn) or ''
    for w in re.findall(r'[A-Za-z_]{3,}', doc)[:60]:
        for s in subwords(w): lex['d:' + s] += 0.5
    def walk(node, parent):
        for ch in ast.iter_child_nodes(node):
            k = type(ch).__name__
            struct[parent + '>' + k] += 1
            if isinstance(ch, ast.Constant) and not isinstance(ch.value, bytes):
                if not (isinstance(ch.value, (int, float, str, type(None), bool)) and ch.value in TRIVIAL) and not (isinstance(ch.value, str) and len(ch.value) > 80):
                    lit[repr(ch.value)] += 1
            elif isinstance(ch, ast.Name):
                for w in subwords(ch.id): lex['i:' + w] += 1
            elif isinstance(ch, ast.Attribute):
                for w in subwords(ch.attr): lex['a:' + w] += 1
            if not isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)) or node is fn:
                walk(ch, k)
    for st in fn.body:
        walk(st, 'body') if False else None
    walk(fn, 'Def')
    return lex, lit, struct

def size(fn):
    return sum(1 for _ in ast.walk(fn))

class Space:
    def __init__(self, feats):
        self.df = [collections.Counter() for _ in range(3)]
        for fs in feats.values():
            for c in range(3):
                for k in fs[c]: self.df[c][k] += 1
        self.N = max(1, len(feats))
    def vec(self, fs):
        out = []
        for c in range(3):
            v = {k: (1 + math.log(x)) * math.log((self.N + 1) / (self.df[c].get(k, 0) + 1)) for k, x in fs[c].items() if x > 0}
            nrm = math.sqrt(sum(w * w for w in v.values())) or 1.0
            out.append(({k: w / nrm for k, w in v.items()}, sum(v.values())))
        return out

def cos(a, b):
    if len(a) > len(b): a, b = b, a
    return sum(w * b.get(k, 0.0) for k, w in a.items())

W = (0.45, 0.25, 0.30)
def score(va, vb):
    parts = [cos(va[c][0], vb[c][0]) for c in range(3)]
    # literals weigh only when either has some
    w = list(W)
    if not va[1][0] and not vb[1][0]:
        w[1] = 0.0
    s = sum(p * x for p, x in zip(parts, w)) / sum(w)
    return s, parts

def run_row(row, cache):
    repo, intro, fq, tq = row['repo'], row['introduced'], row['function'], row['target']
    key = (repo, intro)
    if key not in cache:
        files = tree_files(repo, intro)
        changed = git(repo, 'diff', '--name-only', intro + '^', intro, '--', '*.py', text=True).split()
        allf = {}
        for p, s in files.items():
            allf.update(functions(p, s))
        parent_q = set()
        for p in changed:
            try: s = git(repo, 'show', f'{intro}^:{p}').decode('utf-8', 'replace')
            except GitError: continue
            parent_q.update(functions(p, s))
        changed_mods = {p[:-3].replace('/', '.').removesuffix('.__init__') for p in changed}
        def existed(q):
            mod = next((m for m in changed_mods if q.startswith(m + '.')), None)
            return mod is None or q in parent_q
        feats = {q: features(fn) for q, fn in allf.items()}
        space = Space({q: f for q, f in feats.items() if existed(q)})
        cache[key] = (allf, feats, space, existed)
    allf, feats, space, existed = cache[key]
    def find(q):
        if q in allf: return q
        # match by suffix of qualname
        suff = [k for k in allf if k.endswith(q.split('.')[-1]) and q.endswith(k.split('.', 1)[-1])]
        return (suff or [None])[0]
    fk, tk = find(fq), find(tq)
    if fk is None or tk is None:
        return {'row': fq, 'err': f'not found {fk} {tk}'}
    vf = space.vec(feats[fk])
    scores = []
    for q in allf:
        if q == fk or not existed(q) or size(allf[q]) < 8: continue
        s, parts = score(vf, space.vec(feats[q]))
        scores.append((s, q, parts))
    scores.sort(reverse=True)
    rank = next((i for i, (s, q, _) in enumerate(scores) if q == tk), None)
    ts = next((s for s, q, _ in scores if q == tk), None)
    tp = next((p for s, q, p in scores if q == tk), None)
    best_other = next(((s, q) for s, q, _ in scores if q != tk), (0, None))
    return {'row': fq, 'target': tk, 'kind': row['kind'], 'rank': rank, 'score': ts, 'parts': tp, 'other': best_other}

def consolidations(corpus):
    rows = list(csv.DictReader(open(corpus), delimiter='\t'))
    cache = {}
    out = []
    for row in rows:
        try:
            r = run_row(row, cache)
        except Exception as e:
            r = {'row': row['function'], 'err': repr(e)}
        out.append(r)
        print(json.dumps(r), flush=True)
    return out


from pathlib import Path
blobcache = {}  # (repo, sha) -> {qualname: (features, size, lineno)}

def cgit(repo, *a, inp=None):
    return run_git(list(a), COMMIT_CLONES / repo.replace('/', '+'), input=inp)

def commit_tree(repo, rev):
    out = {}
    for line in cgit(repo, 'ls-tree', '-r', rev).decode('utf-8', 'replace').splitlines():
        meta, path = line.split('\t', 1)
        _, kind, sha = meta.split()
        if kind == 'blob' and path.endswith('.py'):
            out[path] = sha
    return out

def load(repo, blobs):
    need = [(p, s) for p, s in blobs.items() if (repo, s) not in blobcache]
    if need:
        data = cgit(repo, 'cat-file', '--batch', inp=''.join(s + '\n' for _, s in need).encode())
        pos = 0
        for p, s in need:
            nl = data.index(b'\n', pos)
            head = data[pos:nl].split()
            n = int(head[2])
            body = data[nl + 1: nl + 1 + n].decode('utf-8', 'replace')
            pos = nl + 1 + n + 1
            fns = functions(p, body) if n < 2_000_000 else {}
            blobcache[(repo, s)] = {q: (features(fn), size(fn), fn.lineno) for q, fn in fns.items()}
    out = {}
    for p, s in blobs.items():
        for q, v in blobcache[(repo, s)].items():
            out[q] = (p,) + v
    return out

def commits(rows, only=None):
    spaces = {}
    for r in rows:
        repo = r['repo']
        if only and repo != only: continue
        try:
            before = commit_tree(repo, r['parent']); after = commit_tree(repo, r['commit'])
        except GitError:
            print(json.dumps({'commit': r['commit'], 'err': 'git'}), flush=True); continue
        changed = {p: s for p, s in after.items() if before.get(p) != s}
        old = load(repo, before)
        new = load(repo, changed)
        still = load(repo, after)
        testy = lambda p: '/test' in '/' + p or p.startswith('test') or '/tests/' in p or p.split('/')[-1].startswith('test_') or p.endswith('conftest.py')
        added = {q: v for q, v in new.items() if q not in old and v[2] >= 8 and not testy(v[0])}
        if repo not in spaces:
            spaces[repo] = Space({q: v[1] for q, v in old.items()})
        space = spaces[repo]
        # inverted index over rare features of old functions
        vecs = {}
        for q, v in added.items():
            vf = space.vec(v[1])
            best = []
            for oq, ov in old.items():
                if ov[2] < 8 or oq not in still or testy(ov[0]): continue
                key = (repo, oq)
                if key not in vecs: vecs[key] = space.vec(ov[1])
                s, parts = score(vf, vecs[key])
                best.append((s, oq, ov[0], ov[3], parts))
            best.sort(reverse=True)
            top = best[:3]
            if top and top[0][0] >= 0.7:
                rec = {'repo': repo, 'commit': r['commit'], 'function': q, 'path': v[0], 'line': v[3], 'size': v[2],
                       'top': [(round(s, 3), oq, p, ln, [round(x, 2) for x in parts]) for s, oq, p, ln, parts in top]}
                print(json.dumps(rec), flush=True)
        print(json.dumps({'commit': r['commit'], 'added': len(added)}), flush=True)


COMMIT_CLONES = Path('/work/rw/clones')

if __name__ == '__main__':
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('what', choices=['consolidations', 'commits'])
    ap.add_argument('--clones', type=Path, required=True, help='folder of git clones named owner+name')
    ap.add_argument('--corpus', type=Path)
    ap.add_argument('--repo', help='commits: only this repository')
    a = ap.parse_args()
    root = Path(__file__).resolve().parents[1]
    if a.what == 'consolidations':
        CL = a.clones
        consolidations(a.corpus or root / 'scripts/corpora/consolidations.tsv')
    else:
        COMMIT_CLONES = a.clones
        corpus = a.corpus or root.parent / 'shared/realworld/commits/commits.tsv'
        commits(list(csv.DictReader(open(corpus), delimiter='\t')), a.repo)
