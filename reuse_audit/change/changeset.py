"""The change set: which functions a change adds, or whose body it changes.

A file change is a pair (old path, new path); ``None`` on one side means the
file was added or deleted.  A function is *added* when its qualified name is
new in its file, *modified* when its source text (from ``def`` to its end)
differs from the old file's function of the same name.  Functions that only
moved, because lines above them changed, are unchanged.

An added function whose code the change removed or rewrote elsewhere (moved
between files, into or out of a class) is listed in ``ChangeSet.moved``
(``previous.find_moves``); the old versions of the modified functions are read,
when a rule that needs them asks, through ``previous.Before`` (``lint/providers.py``)."""

from __future__ import annotations

from typing import Callable, Iterable, Optional

from reuse_audit.change.model import ChangedFunction, ChangeSet
from reuse_audit.facts.model import FileFacts, FunctionFact
from reuse_audit.index import RepoIndex
from reuse_audit.source.change import FileChange
from reuse_audit.source.note import Note

Span = tuple[str, int, int, int]  # (local name, line, col, end line) of a function


def build_change_set(
    changes: Iterable[FileChange],
    after: RepoIndex,
    before_facts: Callable[[str], Optional[FileFacts]],
    notes: Iterable[Note] = (),
    read_before: Optional[Callable[[str], bytes]] = None,
    read_after: Optional[Callable[[str], bytes]] = None,
    min_similarity: float = 0.9,
    existing: bool = False,
) -> ChangeSet:
    """``before_facts(path)`` gives the old file's facts (None if unreadable).

    With ``read_before`` and ``read_after`` (a file's bytes before and after),
    the added functions that the change moved (``previous.find_moves``) are in
    ``moved``.  ``existing``: ``ChangeSet.existing``.
    """
    changed: list[ChangedFunction] = []
    added: list[str] = []
    modified: list[str] = []
    deleted: list[str] = []
    renamed: list[tuple[str, str]] = []
    replaced: dict[str, list[Span]] = {}  # old path -> spans of functions removed
    rewritten: dict[str, list[tuple[Span, str]]] = {}  # old path -> (old span, qualname) of modified functions
    for change in sorted(changes, key=lambda c: (c.new_path or "", c.old_path or "")):
        status = change.status
        old_path, path = change.old_path, change.new_path
        if status == "deleted":
            assert old_path is not None  # (FileChange.status: a deleted file has its old path)
            deleted.append(old_path)
            if old_path.endswith(".py"):
                old = before_facts(old_path)
                if old is not None:
                    replaced[old_path] = [_span(f) for f in old.functions]
            continue
        assert path is not None  # (FileChange.status: an added, modified or renamed file has its new path)
        if status == "added":
            added.append(path)
        elif status == "modified":
            modified.append(path)
        else:
            assert old_path is not None  # (FileChange.status: renamed)
            renamed.append((old_path, path))
        if not path.endswith(".py"):
            continue
        old_functions: dict[str, FunctionFact] = {}
        if old_path is not None and old_path.endswith(".py"):
            old = before_facts(old_path)
            if old is not None:
                old_functions = {f.local_name: f for f in old.functions}
        locals_now = set()
        for qualname in after.by_path.get(path, ()):
            fn = after.functions[qualname]
            local = fn.fact.local_name
            locals_now.add(local)
            old_fn = old_functions.get(local)
            if old_fn is None:
                changed.append(ChangedFunction(qualname, "added"))
            elif old_fn.body_digest != fn.fact.body_digest:
                assert old_path is not None  # (it has an old version: the file had an old path)
                changed.append(ChangedFunction(qualname, "modified", old_path, local))
                rewritten.setdefault(old_path, []).append((_span(old_fn), qualname))
        gone = [_span(f) for name, f in old_functions.items() if name not in locals_now]
        if gone:
            assert old_path is not None  # (functions gone from it: the file had an old path)
            replaced.setdefault(old_path, []).extend(gone)
    moved: frozenset[str] = frozenset()
    if read_before is not None and read_after is not None and (replaced or rewritten):
        moved = _moves(changed, after, replaced, rewritten, read_before, read_after, min_similarity)
    return ChangeSet(
        changed=tuple(changed),
        added_files=tuple(added),
        modified_files=tuple(modified),
        deleted_files=tuple(deleted),
        renamed_files=tuple(renamed),
        notes=tuple(notes),
        moved=moved,
        existing=existing,
    )


def _span(fact: FunctionFact) -> Span:
    return (fact.local_name, fact.line, fact.col, fact.end_line)


def _moves(
    changed: list[ChangedFunction],
    after: RepoIndex,
    replaced: dict[str, list[Span]],
    rewritten: dict[str, list[tuple[Span, str]]],
    read_before: Callable[[str], bytes],
    read_after: Callable[[str], bytes],
    min_similarity: float,
) -> frozenset[str]:
    """The added functions whose code the change removed or rewrote elsewhere (``previous.find_moves``).

    A modified function's old code counts only when it left: its new version is
    no longer ``min_similarity`` similar to it (a function edited in a few lines
    keeps its code, and a new function like its old version is a copy of it).
    """
    from reuse_audit.change.previous import find_moves, tokens_of
    from reuse_audit.index.tokens import similarity

    def tokens_after(qualnames: list[str]) -> dict:
        by_path: dict[str, list[str]] = {}
        for q in qualnames:
            by_path.setdefault(after.functions[q].location.path, []).append(q)
        out = {}
        for path, names in sorted(by_path.items()):
            try:
                data = read_after(path)
            except Exception:
                continue
            spans = []
            for q in names:
                loc = after.functions[q].location
                spans.append((q, loc.line, loc.col, loc.end_line))
            out.update(tokens_of(data, spans))
        return out

    now = tokens_after([q for spans in rewritten.values() for _, q in spans])
    old_tokens: list[tuple[str, tuple[str, str]]] = []  # (local name, its (sequence, literals))
    for path in sorted(set(replaced) | set(rewritten)):
        try:
            data = read_before(path)
        except Exception:
            continue
        old_tokens.extend(tokens_of(data, replaced.get(path, [])).items())
        pairs = rewritten.get(path, [])
        was = tokens_of(data, [span for span, _ in pairs])
        for span, q in pairs:
            old = was.get(span[0])
            if old is not None and (q not in now or similarity(old[0], now[q][0]) < min_similarity):
                old_tokens.append((span[0], old))
    if not old_tokens:
        return frozenset()
    new_tokens = tokens_after([c.qualname for c in changed if c.status == "added"])
    return find_moves(new_tokens, old_tokens, min_similarity)
