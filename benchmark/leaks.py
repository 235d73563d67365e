"""Does a turn's requirement give its repository targets away?  (``bench verify``'s leak check)

The study's requirements "never name" the repository reuse targets (appendix
A.3): an agent must find them by exploring.  A program can check the literal
part of that: that no **repository target**, no **module of a target**, and no
**distinctive identifier or string literal of a target's source** appears in
the turn's requirement text or in its signatures.  A paraphrase ("rendering
values with its value-serialising hook") cannot be seen by any program; that
is what a reviewer is for.

The rules, each a :class:`Leak` of its own ``kind``:

* ``qualified`` -- a dotted name of the text (``click.types``,
  ``Choice.convert``, ``-> dateutil.parser.parser``) holds two or more
  consecutive parts of a target's declared or defining name
  (``click.types.Choice.convert``, ``dateutil.parser._parser.parser.parse``).
  The package alone (``click``) is the repository: naming it is allowed.
* ``target`` -- the target's own name (``convert_type``), its class for a
  method (``Choice``), or a module part below the package (``types``,
  ``_parser``, ``rrule``) appears as a word.  A *code-shaped* name (see
  :func:`code_shaped`) is a leak anywhere in the text; a plain word
  (``parse``, ``windowed``, ``easter``, ``Choice``) only where the text writes
  it as code: as a whole backtick span, or followed by ``(``, or as the name of
  a required function in the signatures.  Parameter names of the turn's
  signatures are not leaks when written alone (a parameter ``tz`` does not
  name ``dateutil.tz``).
* ``identifier`` -- a *distinctive* identifier of the target's source (its
  lines as ``bench run`` counts them for recall: the function, the method, the
  whole class, the instance's ``__call__``) appears as a word: a name, an
  attribute, a parameter or a keyword of that source that is code-shaped, at
  least :data:`MIN_IDENTIFIER` characters long without its outer underscores,
  and not a common Python name (:func:`common_names`: keywords, builtins,
  standard-library module names and the public names of the builtin types and
  of ``os``, ``os.path``, ``sys``, ``re``, ``pathlib.Path``, ``typing``,
  ``collections``, ``functools``, ``itertools``, ``datetime``, ``enum``,
  ``string`` and ``math``).  ``value_serializer``, ``normalize_choice``,
  ``_guess_type`` are distinctive; ``value``, ``filter``, ``is_dir`` are not.
* ``literal`` -- a distinctive string literal of the target's source appears
  verbatim (case and spacing aside: runs of white space count as one space):
  each literal, docstrings left out (they are the public documentation), is
  cut at its format placeholders (``{...}``, ``%s``) and every piece of at
  least :data:`MIN_LITERAL` characters with at least 3 letters is checked.

Exempt everywhere: the repository's package name, and the names of the
functions and modules that earlier turns required.  Self targets are the
agent's own earlier functions: the study's requirements list them (its case
study's turn-5 requirement names the turn-4 interface it builds on, §C, and the
interface memory lists them every turn, §A.3), so naming them is no leak.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import keyword
import pathlib
import re
import sys
import textwrap
import tokenize
from dataclasses import dataclass
from functools import lru_cache
from io import StringIO
from typing import Callable, Iterable, Mapping, Optional

from reuse_audit.benchmark.model import Turn

#: a distinctive identifier has at least this many characters, outer underscores aside
MIN_IDENTIFIER = 5
#: a distinctive literal piece has at least this many characters (and 3 letters)
MIN_LITERAL = 8

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DOTTED = re.compile(r"(?<![A-Za-z0-9_.])[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+")
_BACKTICKS = re.compile(r"`([^`\n]+)`")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]")

_COMMON_MODULES = ("os", "os.path", "sys", "re", "typing", "collections", "functools", "itertools",
                   "datetime", "enum", "string", "math")
_COMMON_TYPES = (str, bytes, int, float, complex, bool, list, tuple, dict, set, frozenset, object, type,
                 BaseException, range, slice, memoryview, bytearray)


@dataclass(frozen=True)
class Leak:
    kind: str  # "qualified" | "target" | "identifier" | "literal"
    target: str  # the declared target it gives away
    text: str  # what the turn's text says
    where: str  # "requirement" | "signatures[N]"

    def message(self) -> str:
        what = {
            "qualified": f"names {self.text}, a qualified name of target {self.target}",
            "target": f"names {self.text}, the name, class or module of target {self.target}",
            "identifier": f"names {self.text}, an identifier of the source of target {self.target}",
            "literal": f"quotes {self.text!r}, a string of the source of target {self.target}",
        }[self.kind]
        return f"leak: the {self.where} {what}"


def code_shaped(name: str) -> bool:
    """A name no prose word looks like: a leading underscore (``_parser``), an underscore or a
    digit inside (``value_serializer``, ``utf8``), or a capital after the first letter
    (``BadParameter``)."""
    inner = name.strip("_")
    if not inner:
        return False
    return name.startswith("_") or "_" in inner or any(c.isdigit() for c in inner) or any(c.isupper() for c in inner[1:])


@lru_cache(maxsize=1)
def common_names() -> frozenset[str]:
    """Names any Python code uses: never evidence of one library's source."""
    names = set(keyword.kwlist) | set(getattr(keyword, "softkwlist", ())) | set(dir(builtins))
    names |= set(getattr(sys, "stdlib_module_names", ()))
    for module in _COMMON_MODULES:
        names |= {n for n in dir(importlib.import_module(module)) if not n.startswith("__")}
    for kind in _COMMON_TYPES + (pathlib.PurePath, pathlib.Path):
        names |= {n for n in dir(kind) if not n.startswith("__")}
    return frozenset(names)


# --------------------------------------------------------------------------
# what a target's source holds
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class TargetText:
    """What the leak check knows of one repository target."""

    name: str  # as declared
    canonical: str  # where it is defined
    kind: str  # function | method | class | instance | unknown
    identifiers: frozenset[str] = frozenset()
    literals: tuple[str, ...] = ()


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def source_words(source: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """(identifiers, string literals without docstrings) of a piece of source."""
    text = textwrap.dedent(source)
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return _token_words(text)
    skip = _docstrings(tree)
    names: set[str] = set()
    literals: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.keyword) and node.arg:
            names.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            literals.append(node.value)
    return frozenset(names), tuple(dict.fromkeys(literals))


def _token_words(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    names: set[str] = set()
    literals: list[str] = []
    try:
        for tok in tokenize.generate_tokens(StringIO(text).readline):
            if tok.type == tokenize.NAME:
                names.add(tok.string)
            elif tok.type == tokenize.STRING:
                try:
                    value = ast.literal_eval(tok.string)
                except Exception:
                    continue
                if isinstance(value, str):
                    literals.append(value)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        names |= set(_WORD.findall(text))
    return frozenset(names), tuple(dict.fromkeys(literals))


def literal_pieces(literal: str) -> list[str]:
    """The distinctive pieces of a literal: cut at format placeholders, white space collapsed,
    each at least MIN_LITERAL characters with at least 3 letters, and not one plain word."""
    out = []
    for piece in _PLACEHOLDER.split(literal):
        piece = " ".join(piece.split())
        if len(piece) < MIN_LITERAL or sum(c.isalpha() for c in piece) < 3:
            continue
        if piece.isalpha() and not code_shaped(piece):
            continue  # one plain word ("parameter") is anybody's
        out.append(piece)
    return out


# --------------------------------------------------------------------------
# reading the turn's text
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Text:
    where: str
    text: str
    is_signature: bool

    def dotted(self) -> list[list[str]]:
        return [m.group(0).split(".") for m in _DOTTED.finditer(self.text)]

    def words(self) -> set[str]:
        return set(_WORD.findall(self.text))

    def code_words(self, params: frozenset[str]) -> set[str]:
        """Plain words written as code: a whole backtick span, a call ``name(``, a required function's name."""
        out = {m.group(1).strip() for m in _BACKTICKS.finditer(self.text) if _WORD.fullmatch(m.group(1).strip())}
        out |= {m.group(1) for m in re.finditer(r"(?<![A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_]*)\(", self.text)}
        out -= params
        if self.is_signature:
            head = re.match(r"\s*(?:async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)", self.text)
            if head:
                out.add(head.group(1))
        return out

    def squeezed(self) -> str:
        return " ".join(self.text.split())


def _params(signatures: Iterable[str]) -> frozenset[str]:
    out: set[str] = set()
    for sig in signatures:
        try:
            fn = ast.parse(sig.strip().rstrip(":") + ":\n    ...\n").body[0]
        except SyntaxError:
            continue
        args = fn.args
        for arg in args.posonlyargs + args.args + args.kwonlyargs + [a for a in (args.vararg, args.kwarg) if a]:
            out.add(arg.arg)
    return frozenset(out)


def _runs(parts: list[str]) -> set[tuple[str, ...]]:
    return {tuple(parts[i:j]) for i in range(len(parts)) for j in range(i + 2, len(parts) + 1)}


def _contains(parts: list[str], run: tuple[str, ...]) -> bool:
    n = len(run)
    return any(tuple(parts[i : i + n]) == run for i in range(len(parts) - n + 1))


def _names_of(target: TargetText, package: str) -> set[str]:
    """The target's own name, its class (a method's), and its module parts below the package."""
    out: set[str] = set()
    for qualname in {target.name, target.canonical}:
        parts = qualname.split(".")
        out.add(parts[-1])
        if target.kind == "method" and len(parts) >= 3:
            out.add(parts[-2])
        out |= set(parts[1:-1])
    out.discard(package)
    return out


def turn_leaks(turn: Turn, targets: Iterable[TargetText], package: str, earlier: Iterable[str] = ()) -> list[Leak]:
    """The leaks of ``turn``: its requirement and signatures against its repository targets.

    ``earlier`` are the qualified names of the functions required by earlier turns; their
    names and module parts may be named freely (self targets are the agent's own code)."""
    exempt = {package}
    for qualname in earlier:
        exempt |= set(qualname.split("."))
    params = _params(turn.signatures)
    texts = [_Text("requirement", turn.requirement, False)]
    texts += [_Text(f"signatures[{k}]", sig, True) for k, sig in enumerate(turn.signatures)]
    common = common_names()
    leaks: dict[tuple[str, str, str], Leak] = {}

    def add(kind: str, target: str, text: str, where: str) -> None:
        leaks.setdefault((where, text, target), Leak(kind, target, text, where))

    for target in targets:
        runs = {r for q in {target.name, target.canonical} for r in _runs(q.split(".")) if not set(r) <= exempt}
        names = _names_of(target, package) - exempt
        idents = {n for n in target.identifiers
                  if code_shaped(n) and len(n.strip("_")) >= MIN_IDENTIFIER and n not in common and n not in exempt}
        pieces = [p for lit in target.literals for p in literal_pieces(lit)]
        for t in texts:
            covered: set[str] = set()  # parts of a dotted name already reported as qualified
            for parts in t.dotted():
                for run in sorted(runs, key=len, reverse=True):
                    if _contains(parts, run):
                        add("qualified", target.name, ".".join(parts), t.where)
                        covered |= set(parts)
                        break
            words = t.words() - covered
            code = t.code_words(params) - covered
            for name in sorted(names):
                if (code_shaped(name) and name in words) or name in code:
                    add("target", target.name, name, t.where)
            for name in sorted(idents & words):
                if not any(k[0] == t.where and k[1] == name for k in leaks):
                    add("identifier", target.name, name, t.where)
            squeezed = t.squeezed()
            for piece in pieces:
                if piece in squeezed:
                    add("literal", target.name, piece, t.where)
    return list(leaks.values())


def target_texts(resolved: Mapping[str, object], names: Iterable[str],
                 read_lines: Callable[[str], Optional[list[str]]]) -> list[TargetText]:
    """TargetText of each declared name from its resolution (``reuse_audit.api.DeclaredTarget``):
    the source is the target's lines (``location``) in the file ``read_lines`` gives."""
    out = []
    for name in names:
        target = resolved.get(name)
        if target is None:
            out.append(TargetText(name, name, "unknown"))
            continue
        identifiers: frozenset[str] = frozenset()
        literals: tuple[str, ...] = ()
        location = target.location
        lines = read_lines(location.path) if location.path else None
        if lines:
            first = max(location.line, 1)
            last = location.end_line or first
            identifiers, literals = source_words("\n".join(lines[first - 1 : last]))
        out.append(TargetText(name, target.canonical or name, target.kind, identifiers, literals))
    return out


def chain_leaks(chain) -> dict[int, list[Leak]]:
    """Leaks of every turn of ``chain``, from its fetched source alone (no workspace, no tests):
    ``bench verify --leaks``."""
    from reuse_audit.api import FsTree, resolve_targets

    from reuse_audit.benchmark.fetch import fetch_chain

    fetched = fetch_chain(chain)
    tree = FsTree(fetched.import_root)
    cache: dict[str, Optional[list[str]]] = {}

    def read(path: str) -> Optional[list[str]]:
        if path not in cache:
            try:
                cache[path] = (fetched.import_root / path).read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                cache[path] = None
        return cache[path]

    out: dict[int, list[Leak]] = {}
    earlier: list[str] = []
    package = chain.source.import_name or ""
    for turn in chain.turns:
        repo = [t.name for t in turn.targets if t.kind == "repo"]
        resolved = resolve_targets(tree, repo)
        out[turn.number] = turn_leaks(turn, target_texts(resolved, repo, read), package, earlier)
        earlier += list(turn.qualnames)
    return out


def leak_report(chains: list) -> tuple[str, bool]:
    """``bench verify --leaks``: the leak check alone, from each chain's source (no workspace, no
    tests; seconds).  (text, whether a chain at level study leaks)."""
    lines: list[str] = []
    failed = False
    turns = leaky = 0
    for chain in chains:
        for number, leaks in chain_leaks(chain).items():
            turns += 1
            leaky += bool(leaks)
            state = "FAIL" if chain.level != "smoke" else "warning"
            failed = failed or (bool(leaks) and chain.level != "smoke")
            for leak in leaks:
                lines.append(f"{chain.id} turn {number}: {state}: {leak.message()}")
    lines.append(f"{len(chains)} chain(s), {turns} turn(s): {leaky} turn(s) leak.")
    return "\n".join(lines) + "\n", failed
