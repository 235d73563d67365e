"""What RA001 and RA003 judge, and which functions they may name as targets.

Shared by both rules, so that they read a change the same way:

* **judged**: the functions the change adds or modifies, less the *moves*
  (``ChangeSet.moved``: code the change removed or rewrote elsewhere), less
  declarations (``@abstractmethod``, ``@overload``: no code to compare) and,
  unless ``include-tests``, less test code (``test-patterns``);
* **allowed targets**: a function one could call instead.  Never a nested
  function (nobody can call it from outside); never test code for library code,
  and only test code for test code; never a function that implements the same
  *protocol* as the new one (see :func:`same_protocol`).
"""

from __future__ import annotations

import ast
import re
import textwrap
from typing import Callable, Optional

from reuse_audit.rules.callees import EPSILON
from reuse_audit.change.model import ChangeSet
from reuse_audit.facts.model import FactsOf, Function, FunctionFact
from reuse_audit.lint.model import Finding
from reuse_audit.facts.rows import LOCALS
from reuse_audit.index.protocol import Index
from reuse_audit.index.resolve import method_name
from reuse_audit.settings import Settings

#: A dispatch-on-type method name: a prefix ending in ``_`` and a class name
#: (``visit_Name``, ``_print_Feedback``, ``convert_Decimal``).
_TYPE_DISPATCH = re.compile(r"^(\w*_)([A-Z]\w*)$")
#: The family prefix of a hook name: its first word and ``_`` (``pytest_``, ``setup_``).
_HOOK_PREFIX = re.compile(r"^(_*[A-Za-z0-9]+_)\w+$")
#: A hook family: the target's module defines at least this many other functions of its prefix.
HOOK_SIBLINGS = 2
#: A dispatch family of methods (``_parse_*_section``): at least this many in the target's class.
FAMILY_SIZE = 3


#: Declarations, not implementations: an abstract method or an ``@overload`` stub
#: has no code to reuse, and a body nobody runs.
_DECLARATIONS = ("abstractmethod", "overload")


def is_declaration(fn: Function) -> bool:
    return any(d.rpartition(".")[2] in _DECLARATIONS for d in fn.fact.decorators)


def is_test(fn: Function, settings: Settings) -> bool:
    return settings.is_test(fn.location.path)


def judged(change: ChangeSet, index: Index, settings: Settings) -> list[str]:
    """The changed functions the rules judge, sorted."""
    out = []
    for qualname in sorted(change.qualnames):
        if qualname in change.moved or qualname not in index.functions:
            continue
        fn = index.functions[qualname]
        if is_declaration(fn) or (not settings.include_tests and is_test(fn, settings)):
            continue
        out.append(qualname)
    return out


def simple_name(qualname: str) -> str:
    return qualname.rpartition(".")[2]


def same_protocol(new: Function, target: Function, index: Index, facts: Optional[FactsOf] = None) -> bool:
    """Do ``new`` and ``target`` implement one protocol (so that neither can call the other instead)?

    * two methods of one name in classes related by inheritance (see
      :func:`related`): an override, the base method it overrides, or the same
      method of a sibling class (``_print_Feedback`` of two printers);
    * two methods of one dispatch-on-type family: the same prefix ending in
      ``_`` followed by a class name (``visit_Name`` / ``visit_NamedExpr``);
    * two methods of one dispatch family: names of three words or more with
      the same first and last word, or of two words with the same first word,
      of which the target's class has at least three
      (``_parse_keyword_arguments_section`` / ``_parse_other_parameters_section``:
      handlers a table or ``getattr`` picks by name, each for its own case;
      ``propose_pending`` / ``propose_submitting`` of a class that proposes
      each state of a run);
    * two module functions of one name, when the target's module defines at
      least two more functions of its prefix: a plugin's hooks
      (``pytest_addoption`` of two plugins).
    """
    a, b = simple_name(new.qualname), simple_name(target.qualname)
    if new.is_method and target.is_method:
        if a == b and (related(new, target, facts) or one_interface(new, target, index)):
            return True
        ma, mb = _TYPE_DISPATCH.match(a), _TYPE_DISPATCH.match(b)
        if ma and mb and ma.group(1) == mb.group(1):
            return True
        return _family(a) is not None and _family(a) == _family(b) and _family_size(target, index) >= FAMILY_SIZE
    if new.is_method or target.is_method or a != b:
        return False
    hook = _HOOK_PREFIX.match(b)
    if hook is None:
        return False
    prefix = hook.group(1)
    siblings = 0
    for other in index.by_path.get(target.location.path, ()):
        if other != target.qualname and LOCALS not in other and simple_name(other).startswith(prefix):
            fn = index.functions.get(other)
            if fn is not None and not fn.is_method:
                siblings += 1
    return siblings >= HOOK_SIBLINGS


def _bases(fn: Function, facts: FactsOf) -> Optional[set[str]]:
    """The last names of the class of ``fn``, of its direct bases, and (one level up) of their
    bases when they are defined in the same file: None when the class is not known."""
    file_facts = facts(fn.location.path)
    if file_facts is None or fn.fact.class_name is None:
        return None
    classes = {c.local_name: c for c in file_facts.classes}
    by_name = {c.name: c for c in file_facts.classes}
    own = classes.get(fn.fact.class_name)
    if own is None:
        return None
    names = {own.name}
    todo = [b.rpartition(".")[2] for b in own.bases]
    for _ in range(3):  # a few levels of the file's own classes
        more: list[str] = []
        for base in todo:
            if base in names or base in ("object", "Generic", "Protocol", "ABC"):
                continue
            names.add(base)
            if base in by_name:
                more.extend(b.rpartition(".")[2] for b in by_name[base].bases)
        todo = more
    return names


def declared_by_base(a: Function, b: Function, index: Index, facts: Optional[FactsOf]) -> bool:
    """Do the classes of two methods of one name share a base class, imported or defined by
    ``a``'s module, that declares the method as a stub (``@abstractmethod``, or a body of no call: ``raise
    NotImplementedError``, ``...``, ``pass``)?  Then each class implements the hook its base asks
    for, for its own backend (``MySQLDb.get_schedule`` beside ``PostgresDb.get_schedule``, both
    ``BaseDb``'s): copies of one another are the code base's convention, not a function either can
    call (22 such near-copies in one agent commit were read false)."""
    if facts is None:
        return False
    names_a, names_b = _bases(a, facts), _bases(b, facts)
    if not names_a or not names_b:
        return False
    file_facts = facts(a.location.path)
    if file_facts is None:
        return False
    method = simple_name(a.qualname)
    bases = [f"{imp.module}.{imp.name}" for imp in file_facts.imports if imp.bound in names_a and imp.bound in names_b and imp.name is not None and not imp.level]
    # a base defined beside the classes (``RemotePythonExecutor`` above ``DockerExecutor`` and
    # ``TenkiExecutor`` in one module), not one of the two classes themselves
    own = {a.qualname.rpartition(".")[0], b.qualname.rpartition(".")[0]}
    bases += [
        f"{a.module}.{c.local_name}" for c in file_facts.classes if c.name in names_a and c.name in names_b and f"{a.module}.{c.local_name}" not in own
    ]
    for name in bases:
        base = index.functions.get(f"{name}.{method}")
        if base is not None and (is_declaration(base) or (not base.callees and all(c.parts[-1:] == ("NotImplementedError",) for c in base.fact.calls))):
            return True
    return False


def related(a: Function, b: Function, facts: Optional[FactsOf]) -> bool:
    """Are the classes of two methods related by inheritance: one derives from the
    other, or they share a base (by name; ``object`` and typing's bases do not count)?
    Unknown (no facts): assumed related."""
    if facts is None:
        return True
    names_a, names_b = _bases(a, facts), _bases(b, facts)
    if names_a is None or names_b is None:
        return True
    return bool(names_a & names_b)


#: Two classes implement one interface (without a common base) when they share this many other
#: method names, and at least INTERFACE_SHARE of the smaller class's methods.
INTERFACE_METHODS = 3
INTERFACE_SHARE = 0.3


def _method_names(fn: Function, index: Index) -> set[str]:
    """The names of the methods of ``fn``'s class (those defined in its file)."""
    owner = fn.qualname.rpartition(".")[0]
    return {
        simple_name(q) for q in index.by_path.get(fn.location.path, ()) if q.rpartition(".")[0] == owner and LOCALS not in q
    }


def one_interface(a: Function, b: Function, index: Index) -> bool:
    """Do the classes of two methods implement one interface by duck typing (a ``Team`` and an
    ``Agent`` with the same dozen methods, two storage backends without a common base)?"""
    names_a, names_b = _method_names(a, index), _method_names(b, index)
    shared = len((names_a & names_b) - {simple_name(a.qualname), "__init__"})
    smaller = min(len(names_a), len(names_b))
    return shared >= INTERFACE_METHODS and shared >= INTERFACE_SHARE * smaller


def _family(name: str) -> Optional[tuple[str, str]]:
    """(first word, last word) of a name of at least three words: ``_parse_other_parameters_section``
    -> (``_parse``, ``section``); leading underscores belong to the first word.  A name of two
    words is of the family of its first word alone (``propose_pending`` -> (``propose``, ``""``),
    one of ``propose_submitting``, ``propose_crashed``, ``propose_failed``: a method per state)."""
    stripped = name.lstrip("_")
    words = stripped.split("_")
    if len(words) < 2 or not all(words):
        return None
    first = name[: len(name) - len(stripped)] + words[0]
    return (first, "") if len(words) == 2 else (first, words[-1])


def _family_size(target: Function, index: Index) -> int:
    """How many methods of ``target``'s class share its (first word, last word)."""
    key = _family(simple_name(target.qualname))
    owner = target.qualname.rpartition(".")[0]
    count = 0
    for other in index.by_path.get(target.location.path, ()):
        if other.rpartition(".")[0] == owner and _family(simple_name(other)) == key:
            count += 1
    return count


def calls_by_name(new: Function, target: Function) -> bool:
    """Does ``new`` call a method of ``target``'s name through ``self``, ``cls`` or ``super()``?

    Such a call may dispatch to ``target`` (an override): ``new`` does call it.
    """
    if not target.is_method:
        return False
    name = method_name(target.qualname)
    return any(len(c.parts) >= 2 and c.parts[0] in ("self", "cls", "super()") and c.parts[-1] == name for c in new.fact.calls)


#: Pairs of words that name opposite operations: a function named with one is never a copy of one
#: named with the other (``show_cursor`` / ``hide_cursor``), whatever plumbing they share.
OPPOSITES = (
    ("show", "hide"), ("add", "remove"), ("add", "delete"), ("add", "clear"), ("add", "pop"), ("add", "wipe"),
    ("add", "drop"), ("add", "discard"), ("insert", "delete"), ("insert", "remove"), ("create", "delete"),
    ("create", "destroy"), ("create", "drop"), ("create", "remove"), ("set", "get"), ("set", "clear"),
    ("set", "unset"), ("set", "delete"), ("set", "del"), ("get", "delete"), ("get", "put"), ("get", "clear"),
    ("read", "write"), ("load", "save"), ("load", "dump"), ("load", "store"), ("loads", "dumps"),
    ("encode", "decode"), ("serialize", "deserialize"), ("pack", "unpack"), ("wrap", "unwrap"),
    ("open", "close"), ("start", "stop"), ("start", "end"), ("begin", "end"), ("begin", "commit"),
    ("commit", "rollback"), ("enter", "exit"), ("connect", "disconnect"), ("attach", "detach"),
    ("install", "uninstall"), ("install", "remove"), ("register", "unregister"), ("subscribe", "unsubscribe"),
    ("mount", "unmount"), ("lock", "unlock"), ("acquire", "release"), ("enable", "disable"),
    ("activate", "deactivate"), ("push", "pop"), ("push", "pull"), ("upload", "download"),
    ("import", "export"), ("to", "from"), ("up", "down"), ("upgrade", "downgrade"), ("migrate", "revert"),
    ("migrate", "rollback"), ("apply", "revert"), ("apply", "undo"), ("do", "undo"), ("redo", "undo"),
    ("increase", "decrease"), ("increment", "decrement"), ("inc", "dec"), ("min", "max"),
    ("first", "last"), ("next", "prev"), ("next", "previous"), ("before", "after"), ("pre", "post"),
    ("prefix", "suffix"), ("left", "right"), ("upper", "lower"), ("head", "tail"), ("on", "off"),
    ("in", "out"), ("login", "logout"), ("allow", "deny"), ("grant", "revoke"), ("mint", "revoke"),
    ("accept", "reject"), ("approve", "reject"), ("freeze", "thaw"), ("freeze", "unfreeze"), ("pause", "resume"),
    ("suspend", "resume"), ("expand", "collapse"), ("compress", "decompress"), ("encrypt", "decrypt"),
    ("sign", "verify"), ("send", "receive"), ("send", "recv"), ("request", "response"), ("input", "output"),
    ("update", "reset"), ("update", "delete"), ("save", "delete"), ("follow", "unfollow"), ("block", "unblock"),
    ("archive", "unarchive"), ("archive", "restore"), ("hide", "reveal"), ("select", "deselect"),
    ("check", "uncheck"), ("claim", "release"), ("bind", "unbind"), ("link", "unlink"), ("join", "leave"),
    ("join", "split"), ("merge", "split"), ("zip", "unzip"), ("quote", "unquote"), ("escape", "unescape"),
)
_OPPOSITE = {frozenset(p) for p in OPPOSITES}
_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def words(name: str) -> list[str]:
    """The lower-case words of an identifier: ``_showCursor`` and ``show_cursor`` -> ["show", "cursor"]."""
    return [w.lower() for w in _WORD.findall(name)]


def opposites(a: str, b: str) -> bool:
    """Do two names differ in one word only, and is that word an opposite of the other
    (``show_cursor`` / ``hide_cursor``, ``register`` / ``unregister``), or is one of them
    the other with an undoing prefix (``lock`` / ``unlock``)?"""
    wa, wb = words(a), words(b)
    if len(wa) != len(wb) or not wa:
        return False
    diff = [(x, y) for x, y in zip(wa, wb) if x != y]
    if len(diff) != 1:
        return False
    x, y = diff[0]
    if any(frozenset((a, b)) in _OPPOSITE for a in _stems(x) for b in _stems(y)):
        return True
    return any(y == p + x or x == p + y for p in ("un", "de", "dis"))


def _stems(word: str) -> set[str]:
    """A word and the verbs it may inflect: ``created`` -> create, ``added`` -> add,
    ``stopping`` -> stop, ``closes`` -> close (``work_pool_created_event`` /
    ``work_pool_deleted_event`` are opposites as ``create`` / ``delete`` are)."""
    found = {word}
    for suffix in ("ed", "ing", "es", "s", "d"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            stem = word[: -len(suffix)]
            found.update((stem, stem + "e"))
            if len(stem) > 2 and stem[-1] == stem[-2]:  # stopped, stopping
                found.add(stem[:-1])
    return found


def twins(a: str, b: str) -> bool:
    """Are two names the synchronous and asynchronous versions of one operation
    (``get_session`` / ``aget_session``, ``run`` / ``run_async``, ``async_fetch`` / ``fetch``,
    ``_execute`` / ``_aexecute``)?  Neither can call the other: a coroutine is not called
    from plain code, and a blocking call does not belong in a coroutine."""
    wa, wb = words(a), words(b)
    for x, y in ((wa, wb), (wb, wa)):
        # one more word "async", "sync" or "aio" anywhere (``run_async``, ``async_fetch``,
        # ``display_async_stream_events``) or a first word "a" (``a_run``), or an "a" or "async"
        # glued to the first word (``aget``, ``asyncfetch``)
        if len(x) == len(y) + 1 and any(
            (w in ("async", "sync", "aio") or (w == "a" and i == 0)) and x[:i] + x[i + 1 :] == y for i, w in enumerate(x)
        ):
            return True
        if len(x) == len(y) and x[1:] == y[1:] and x[0] in ("a" + y[0], "async" + y[0]):
            return True
    return False


def other_version(
    new_callees: frozenset[str], new_seq: str, target_name: str, target_callees: frozenset[str], target_seq: str,
) -> bool:
    """Is the new function the other version, synchronous or asynchronous, of the target's
    operation?  It is when it calls the twin (``twins``) of the target or of one of the target's
    callees that the target does not call (``await self.acall(...)`` where the target calls
    ``self(...)``, ``evaluate_call_async`` in a copy of ``evaluate_call``), or when it is a plain
    function and the target a coroutine function, which plain code cannot call (``new_seq``,
    ``target_seq``: their token sequences).  Read on agent commits: 4 such findings, all false."""
    from reuse_audit.index.body import is_coroutine

    if is_coroutine(target_seq) and not is_coroutine(new_seq):
        return True
    theirs = {simple_name(c) for c in target_callees} | {simple_name(target_name)}
    mine = {simple_name(c) for c in new_callees if c not in target_callees}
    return any(twins(m, t) for m in mine for t in theirs if m and t)


def behind_a_requirement(
    new: Function, target: Function, facts: Optional[FactsOf], read: Optional[Callable[[str], bytes]],
) -> Optional[str]:
    """The distribution the new function's code would have to require to call the target and
    does not (``distributions.missing_requirement``): another distribution of a monorepo that
    its own does not require and its module does not import.  Such a target cannot be called
    instead: a package that may not depend on another carries its own helpers.  Nor a private
    function of another distribution (a ``_`` part in its name), even one the new code's
    requires: its internals are not its interface.  Read on agent commits: 1 finding of each,
    both false (``autogen_ext``'s copy of ``autogen_core``'s private ``_func_with_reqs``
    helpers, fixed in both on purpose); none of the 78 true ones crosses distributions."""
    if facts is None or read is None:
        return None
    from reuse_audit.source.distributions import missing_requirement, private

    try:
        file_facts = facts(new.location.path)
    except Exception:
        file_facts = None
    imports = () if file_facts is None else tuple(i.module.split(".")[0] for i in file_facts.imports if i.level == 0 and i.module)
    return missing_requirement(new.location.path, target.location.path, imports, read, target_private=private(target.qualname))


def same_name_siblings(new: Function, target: Function) -> bool:
    """Module-level functions of one name in two modules (each workflow module's ``run_workflow``,
    the ``_migrate_postgres`` of each migration, a CLI command ported to another framework):
    implementations of one protocol, each for its module.  Read on agent commits: 17 of 20 such
    RA001 findings were false; the true ones are copies to the letter, which stay findings."""
    return (
        simple_name(new.qualname) == simple_name(target.qualname)
        and not new.is_method
        and not target.is_method
        and new.module != target.module
    )


def allowed_target(
    new: Function, target_name: str, index: Index, settings: Settings, facts: Optional[FactsOf] = None,
    identical: Optional[Callable[[], bool]] = None,
    target_added: bool = False,
    read: Optional[Callable[[str], bytes]] = None,
) -> Optional[Function]:
    """The target ``target_name`` if the rules may name it for ``new``, else None
    (``facts``: path -> FileFacts of the tree, for the classes' bases; ``read``: path -> bytes
    of the tree, for the block a conditionally defined function lives in)."""
    if LOCALS in target_name:
        return None
    target = index.functions.get(target_name)
    if target is None:
        return None
    if read is not None and only_when_run_as_script(target, read):
        return None  # defined under ``if __name__ == "__main__":``: nothing can import it
    if is_test(new, settings) != is_test(target, settings) or is_declaration(target):
        return None
    if settings.is_example(target.location.path) and not settings.is_example(new.location.path):
        return None  # library code does not call into its examples
    if calls_by_name(new, target):
        return None
    a, b = simple_name(new.qualname), simple_name(target.qualname)
    if opposites(a, b) or twins(a, b):
        return None
    if new.is_method and target.is_method and a == b:
        owner_a, owner_b = new.qualname.rpartition(".")[0], target.qualname.rpartition(".")[0]
        if twins(simple_name(owner_a), simple_name(owner_b)):
            return None  # the same method of a class and its asynchronous twin (``Client`` / ``AsyncClient``)
    # implementations of one protocol are no targets of each other, unless their bodies are
    # near-identical (``identical()``: RA003's test): a copy of a method with two output lines
    # changed is a copy, whatever its name
    if same_protocol(new, target, index, facts) or same_name_siblings(new, target):
        if identical is None or not identical():
            return None
        # (a new backend written like an existing one follows the convention; two implementations the
        # change adds side by side, identical but for a string, are one implementation written twice)
        if not target_added and new.is_method and target.is_method and a == b and declared_by_base(new, target, index, facts):
            return None
    return target


_MAIN_GUARD = re.compile(rb"""^\s*if\s+(?:__name__\s*==\s*['"]__main__['"]|['"]__main__['"]\s*==\s*__name__)\s*:""")


def only_when_run_as_script(fn: Function, read: Callable[[str], bytes]) -> bool:
    """Is ``fn`` defined in a module's ``if __name__ == "__main__":`` block (a script's own helper,
    which no other module can import or call)?  Only a module-level function that is indented
    can be: the line it is nested in is read from the file."""
    fact = fn.fact
    if fact.col == 0 or fact.class_name is not None or fact.parent_function is not None:
        return False
    try:
        lines = read(fn.location.path).splitlines()
    except Exception:
        return False
    for number in range(min(fact.line, len(lines)) - 2, -1, -1):
        line = lines[number]
        stripped = line.lstrip()
        if not stripped or stripped.startswith(b"#") or stripped.startswith(b"@"):
            continue
        if len(line) - len(stripped) < fact.col:
            if _MAIN_GUARD.match(line):
                return True
            if len(line) - len(stripped) == 0:
                return False  # another top-level block (``if TYPE_CHECKING:``, ``try:``)
    return False


def one_of_each_mirror(findings: dict[str, Finding], index: Index, change: ChangeSet) -> dict[str, Finding]:
    """``check PATH...``: two existing functions that are copies of each other give
    two findings, each naming the other.  One pair is one finding: the one on the
    function written later (by git's history of their ``def`` lines; by path, then
    line, where git does not know), as the later one is the copy."""
    if not change.existing:
        return findings
    written = index.written_at

    def place(qualname: str) -> tuple[int, float, str, int, str]:
        loc = index.functions[qualname].location
        when = written(loc.path, loc.line)
        return (0 if when is None else 1, when or 0.0, loc.path, loc.line, qualname)

    out: dict[str, Finding] = {}
    for qualname, finding in findings.items():
        twin = findings.get(finding.target)
        if twin is not None and twin.target == qualname:
            mine, theirs = place(qualname), place(finding.target)
            if mine[0] and theirs[0] and mine[1] != theirs[1]:
                if mine[1] < theirs[1]:
                    continue  # written before its twin: the original
            elif mine[2:] < theirs[2:]:
                continue
        out[qualname] = finding
    return out


#: What an author writes beside code kept as a copy on purpose: "inlined to avoid imports",
#: "Must match utils.get_runtime_dir()", "keep in sync with ...", "copied from ...", "vendored".
_ACKNOWLEDGED = re.compile(
    rb"\binlined\b|\bmust (?:match|mirror|stay in sync)\b|\bke(?:ep|eps|pt) (?:\w+ ){0,2}in sync\b|\bin sync with\b"
    rb"|\bcopied (?:from|verbatim)\b|\bduplicated (?:from|in)\b|\bvendored\b",
    re.IGNORECASE,
)
#: A module constant as code names it: upper case, at least three characters (``ACCEPTED_FILE_EXTENSIONS``).
_CONSTANT = re.compile(rb"\b[A-Z][A-Z0-9_]{2,}\b")


def _lines(fn: Function, read: Callable[[str], bytes]) -> Optional[list[bytes]]:
    try:
        return read(fn.location.path).splitlines()
    except Exception:
        return None


def _section_comment(lines: list[bytes], fact: FunctionFact) -> list[bytes]:
    """The comment block nearest above ``fact``'s ``def`` at the ``def``'s own indentation (a
    section banner such as ``# Utility functions (inlined to avoid imports)``), and the comments
    just above its decorators.  Stops at the enclosing class or block."""
    out: list[bytes] = []
    for number in range(min(fact.line, len(lines)) - 2, -1, -1):
        line = lines[number]
        stripped = line.lstrip()
        if not stripped:
            if out:
                break
            continue
        indent = len(line) - len(stripped)
        if indent < fact.col and not stripped.startswith(b"#"):
            break  # the class or block the function is in
        if indent == fact.col and stripped.startswith(b"#"):
            out.append(stripped)
        elif out:
            break
    return out


def acknowledged_copy(fn: Function, read: Callable[[str], bytes]) -> bool:
    """Does ``fn``'s own text say it is kept as a copy on purpose: its docstring, or the comment
    heading its section or standing above it ("Utility functions (inlined to avoid imports)",
    "Must match utils.get_runtime_dir()")?  The author has made the call a reviewer would ask
    about.  Read on agent commits: 4 findings against such functions, all false (a stdlib-only
    fast-start CLI that inlines its package's helpers on purpose).  A comment inside the body
    speaks of the lines under it, not of the function: xarray's ``concat`` holds "TODO: add
    ignore_index arguments copied from pandas.concat", and a verbatim copy of it is a copy (1
    true finding of the 31 agent patches was lost while body comments counted)."""
    if fn.fact.docstring and _ACKNOWLEDGED.search(fn.fact.docstring.encode("utf-8", "replace")):
        return True
    lines = _lines(fn, read)
    if lines is None:
        return False
    return any(_ACKNOWLEDGED.search(l) for l in _section_comment(lines, fn.fact))


def _constants_read(fn: Function, lines: list[bytes]) -> set[bytes]:
    body = b"\n".join(lines[fn.fact.line - 1 : fn.fact.end_line])
    return set(_CONSTANT.findall(body)) - {p.name.encode() for p in fn.fact.params} - {n.encode() for n in fn.fact.local_names}


def _module_value(lines: list[bytes], name: bytes) -> Optional[bytes]:
    """The text of a module-level ``NAME = ...`` (or ``NAME: T = ...``), its continuation lines
    joined, whitespace squeezed; None when the module does not assign it at its top level."""
    start = re.compile(rb"^" + re.escape(name) + rb"\s*(?::[^=]*)?=(?!=)")
    for number, line in enumerate(lines):
        if start.match(line):
            value = [line.split(b"=", 1)[1]]
            for more in lines[number + 1 :]:
                if more[:1] in (b" ", b"\t", b")", b"]", b"}") or not more.strip():
                    value.append(more)
                else:
                    break
            return b" ".join(b" ".join(value).split())
    return None


def reads_other_constants(new: Function, target: Function, read: Callable[[str], bytes]) -> bool:
    """Do the new function and the target, in two modules, read a module constant of the same
    name that each module sets to another value (each converter's ``accepts`` testing its own
    ``ACCEPTED_FILE_EXTENSIONS``)?  The same code over other data is another function: calling
    the target would answer for the other module's data.  Read on agent commits: 1 such
    finding, false; a copied module that copies its constants too stays a finding."""
    if new.module == target.module:
        return False
    mine, theirs = _lines(new, read), _lines(target, read)
    if mine is None or theirs is None:
        return False
    for name in _constants_read(new, mine) & _constants_read(target, theirs):
        a, b = _module_value(mine, name), _module_value(theirs, name)
        if a is not None and b is not None and a != b:
            return True
    return False


def _tree_of(fn: Function, lines: list[bytes]) -> Optional[ast.AST]:
    """The syntax tree of ``fn``'s own lines (dedented), None when they do not parse alone."""
    text = b"\n".join(lines[fn.fact.line - 1 : fn.fact.end_line]).decode("utf-8", "replace")
    try:
        return ast.parse(textwrap.dedent(text))
    except (SyntaxError, ValueError):
        return None


def _dict_keys(tree: ast.AST) -> set[str]:
    """The string keys of the dictionaries a function writes out as literals (``{"type": ...}``,
    ``dict(type=...)``): the shape of the data it builds."""
    keys: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys.update(k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
            keys.update(k.arg for k in node.keywords if k.arg)
    return keys


def writes_another_shape(new: Function, target: Function, read: Callable[[str], bytes]) -> bool:
    """Do both functions build dictionaries as literals, and do the target's have keys that the
    new function's never have?  Then the new one writes another format of the same data (the
    Responses API's flat ``{"type", "name", "parameters"}`` tool beside Chat Completions'
    ``{"type", "function": {...}}``, an attachment as ``input_file`` beside ``file``): a
    serializer for another consumer, which calling the target would break.  Read on agent
    commits: 6 such findings (per-API serializers of dspy and llm), all false; none of the 78
    true ones (a copy that adds a key, as a converter for a second API that also emits the
    first one's ``type``, stays a finding).  A function that builds no dictionary (a partial
    copy that leaves the literal out) is not judged by this test."""
    lines_new, lines_target = _lines(new, read), _lines(target, read)
    if lines_new is None or lines_target is None:
        return False
    tree_new, tree_target = _tree_of(new, lines_new), _tree_of(target, lines_target)
    if tree_new is None or tree_target is None:
        return False
    mine, theirs = _dict_keys(tree_new), _dict_keys(tree_target)
    return bool(mine) and bool(theirs - mine)


def _main_steps(lines: list[bytes]) -> set[str]:
    """The names a module's ``if __name__ == "__main__":`` block calls, and those called by the
    module functions it calls (its ``main()``): the steps a script runs."""
    try:
        tree = ast.parse(b"\n".join(lines).decode("utf-8", "replace"))
    except (SyntaxError, ValueError):
        return set()
    defs = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}

    def called(node: ast.AST) -> set[str]:
        return {
            c.func.id for c in ast.walk(node) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
        } | {  # anyio.run(main), trio.run(main): a function handed on to be run
            a.id for c in ast.walk(node) if isinstance(c, ast.Call) for a in c.args if isinstance(a, ast.Name)
        }

    steps: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and _MAIN_GUARD.match(lines[node.lineno - 1]):  # as only_when_run_as_script reads it
            direct = called(node)
            steps |= direct
            for name in direct & defs.keys():
                steps |= called(defs[name])
    return steps


def steps_of_one_script(new: Function, target: Function, read: Callable[[str], bytes]) -> bool:
    """Are the two module functions of one script, each called by its ``__main__`` block or the
    ``main()`` that block runs?  They are the cases the script runs one after another (each
    scenario of a reproduction, each provider of an upload script), written side by side to be
    read side by side.  Read on agent commits: 3 such findings (two demonstrations of a race in
    an issue's reproduction script, an upload script's function per provider), all false; none
    of the 78 true ones (copies between scripts, a copied example package among them, are
    other modules and stay findings)."""
    if new.module != target.module or new.is_method or target.is_method:
        return False
    if new.fact.parent_function is not None or target.fact.parent_function is not None:
        return False
    lines = _lines(new, read)
    if lines is None:
        return False
    steps = _main_steps(lines)
    return new.fact.name in steps and target.fact.name in steps


def _runnable_script(fn: Function, read: Callable[[str], bytes]) -> bool:
    """Does ``fn``'s module run as a script: a top-level ``if __name__ == "__main__":`` block?"""
    lines = _lines(fn, read)
    return lines is not None and any(_MAIN_GUARD.match(line) for line in lines if line.startswith(b"if"))


def standalone_examples(new: Function, target: Function, settings: Settings, read: Callable[[str], bytes]) -> bool:
    """Are both functions in example scripts (``example-patterns``, each module run by its own
    ``__main__`` block)?  An example is written to be read and run on its own, so it carries its
    helpers with it.  Read on agent commits (RA004, 2026-12-08): 6 such findings (a ``create_agent``
    or ``_build_manifest`` per example script, their ``main()``s), all false; a helper of an
    example's library module copied from the package stays a finding (1 true)."""
    if not settings.is_example(new.location.path) or not settings.is_example(target.location.path):
        return False
    return _runnable_script(new, read) and _runnable_script(target, read)


def _registered_on_own_object(fn: Function, read: Callable[[str], bytes]) -> bool:
    """Is ``fn`` registered by a decorator on an object its own module makes at its top level
    (``app = typer.Typer()`` then ``@app.command()``; ``bp = Blueprint(...)`` then ``@bp.route(...)``)?"""
    owners = {d.split(".", 1)[0] for d in fn.fact.decorators if "." in d.split("(", 1)[0]}
    if not owners or fn.fact.class_name is not None:
        return False
    lines = _lines(fn, read)
    return lines is not None and any(_module_value(lines, owner.encode()) is not None for owner in owners)


def entry_points_of_two_apps(new: Function, target: Function, read: Callable[[str], bytes]) -> bool:
    """Are both functions entry points registered on an application object of their own module
    (a CLI command on each module's command group, a route on each blueprint)?  A framework calls
    them by their registration; the same command for two applications (a CLI ported from typer
    to cyclopts, kept side by side while the port lasts) is an interface each application must
    have, not logic to call.  Read on agent commits (RA004, 2026-12-08): 7 such findings, all
    false (one CLI port, command by command); none on the 66 consolidated duplicates."""
    return new.module != target.module and _registered_on_own_object(new, read) and _registered_on_own_object(target, read)


def unimportable(new: Function, target: Function) -> bool:
    """Does the target live in a module no import can name (a folder called ``news-use``), away
    from the new function's folder?  Nothing can call it instead.  Read on agent commits: 1
    such finding (one example app's helper copied into another), false."""
    package = target.module.rpartition(".")[0]
    if all(part.isidentifier() for part in package.split(".") if part):
        return False
    return new.module.rpartition(".")[0] != package


def needs_an_instance(new: Function, target: Function) -> bool:
    """Is the target an instance method of a class in another module, and the new function a
    module-level function?  Calling the target needs an object of that class, which the new
    code does not have (``CodeExecutorAgent._extract_markdown_code_blocks``, a method of another
    package's agent that reads the agent's languages, beside a module function of another
    agent's module: read false, 1 finding)."""
    if new.is_method or not target.is_method or new.module == target.module or target.fact.parent_function is not None:
        return False
    if any(d.rpartition(".")[2] in ("staticmethod", "classmethod") for d in target.fact.decorators):
        return False
    params = target.fact.params
    if not params or params[0].name != "self":
        return False
    # a function handed an instance (``print_response(team: "Team", ...)``, a method moved out of
    # its class; ``email_body(doc)`` calling ``doc.header()`` as ``render`` calls ``self.header()``)
    # can call the method on it: it calls other methods of the class, or annotates a parameter with it
    owner = target.qualname.rpartition(".")[0]
    if any(c.rpartition(".")[0] == owner or (c.startswith(".") and owner + c in target.callees) for c in new.callees):
        return False
    name = owner.rpartition(".")[2]
    return not any(p.annotation and re.search(r"\b%s\b" % re.escape(name), p.annotation) for p in new.fact.params)


def excused(new: Function, target: Function, read: Optional[Callable[[str], bytes]]) -> Optional[str]:
    """Why the target, though matched, is no function to name for the new one (None when it
    is): the last tests of RA001 and RA003, run only on a pair that passed every other test,
    as they read the two files."""
    if unimportable(new, target):
        return "unimportable"
    if needs_an_instance(new, target):
        return "needs-an-instance"
    if read is None:
        return None
    if acknowledged_copy(target, read) or acknowledged_copy(new, read):
        return "acknowledged"
    if reads_other_constants(new, target, read):
        return "other-constants"
    if steps_of_one_script(new, target, read):
        return "script-steps"
    if writes_another_shape(new, target, read):
        return "other-shape"
    return None


def near_identical(
    a: Optional[tuple[Optional[str], str]], b: Optional[tuple[Optional[str], str]], settings: Settings,
) -> bool:
    """Copies that differ in their strings at most: ``min-similarity`` similar token sequences, each with
    all the other's calls, operators and constants, and most of its strings (a method copied with
    two output lines changed, not an override that negates an amount).  ``a``, ``b``: (sequence,
    literals) pairs; None, or a None sequence, when unknown."""
    from reuse_audit.index.tokens import coverage, similarity, strings_kept

    if a is None or b is None:
        return False
    (seq_a, literals_a), (seq_b, literals_b) = a, b
    if seq_a is None or seq_b is None or min(len(seq_a), len(seq_b)) < settings.min_tokens:
        return False
    if similarity(seq_a, seq_b) + EPSILON < settings.min_similarity:
        return False
    known_a, known_b = (seq_a, literals_a), (seq_b, literals_b)
    if min(strings_kept(known_a, known_b), strings_kept(known_b, known_a)) + EPSILON < SAME_STRINGS:
        return False
    return coverage(known_a, known_b) >= 1 - EPSILON and coverage(known_b, known_a) >= 1 - EPSILON


#: The share of each other's string literals two implementations of one protocol must have to be
#: copies of each other (most of the output the same; an override that changes half its messages
#: or its format strings is an override).
SAME_STRINGS = 0.75
