"""The engine: a change in, a Report out.

    change = change_from_patch(Path("repo"), patch_text, "change.patch")
    result = run(change, settings)

Every surface (the CLI, pre-commit, code scanning, the benchmark) goes
through ``run``: the same stages and the same rules, so a finding means the
same thing everywhere.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterable, Optional, Union

from reuse_audit.change.changeset import build_change_set
from reuse_audit.change.model import ChangeSet
from reuse_audit.facts.cache import FactsCache
from reuse_audit.facts.model import FactsOf, FileFacts, Location
from reuse_audit.index import RepoIndex, build_index, facts_notes, read_facts
from reuse_audit.index.protocol import CLONE_CANDIDATES, Inexact
from reuse_audit.index.background import running, wait
from reuse_audit.lint.model import Finding, Report, SourceError
from reuse_audit.lint import suppression
from reuse_audit.lint.providers import Inputs, Provided, provide
from reuse_audit.lint.rule import Rule
from reuse_audit.settings import Settings
from reuse_audit.source.change import Change, FileChange, skipped_notes
from reuse_audit.source.tree import SourceTree


@dataclass(frozen=True)
class Result:
    report: Report
    index: RepoIndex
    change_set: ChangeSet
    provided: Provided  # what the rules read: the index, and what the engine built for their needs
    rules: tuple[Rule, ...] = ()  # the rules that ran (a fix is verified with the same)


def run(
    change: Change,
    settings: Settings = Settings(),
    cache: Optional[FactsCache] = None,
    jobs: int = 0,
    *,
    rules: Iterable[Rule],
    lazy: bool = True,
    previous: Optional[RepoIndex] = None,
) -> Result:
    """Check a change with ``rules`` (the engine knows no rule of its own: callers choose them,
    ``Registry.select``).  With no stored snapshot to start from (and ``lazy``), the
    index is built only as far as the rules ask (``lazy.py``), unless a selected
    rule needs what the lazy index cannot answer (``Rule.needs``, decided before
    building either).  When building it, making the change set or a rule's question finds
    that it cannot answer exactly, or not cheaply (``index.inexact()``: a typed value,
    read before the rules and after each rule, never an exception crossing one), the
    full index is built and the rules run on it.

    ``previous``: the index of a check of a tree this one differs from in a few files (the
    check whose fixes are verified on this one): a lazy index takes its work on the files
    both trees share."""
    selected = tuple(rules)
    needs = frozenset().union(*(rule.needs for rule in selected))
    files = [f for f in change.files if not (f.new_path and settings.excluded(f.new_path))]
    skipped = skipped_notes(change, settings)
    if skipped:
        change = dataclasses.replace(change, notes=tuple(change.notes) + skipped)

    def before_facts(path: str) -> Optional[FileFacts]:
        facts, _ = read_facts(change.before, [path], cache, jobs=1)
        return facts.get(path)

    inputs = Inputs(change, settings, cache, jobs, before_facts, _facts_reader(change.after, cache))
    digested = None
    if lazy:
        from reuse_audit.index.lazy import LazyRepoIndex

        lazy = not LazyRepoIndex.missing(needs)  # a rule needs what only the full index answers
    if lazy:
        answer = _lazily(inputs, files, selected, needs, previous)
        if isinstance(answer, Result):
            return answer
        # the lazy index cannot answer this check exactly, or not cheaply (Inexact): the full index
        digested = answer.digested
        if answer.costly and cache is not None:
            # the full build is the cheaper answer: a background build under way is making
            # it already, and started sooner; wait for it (then start from its snapshot)
            # rather than pay for a second one beside it
            wait_for_background(cache)
    clones_wanted = CLONE_CANDIDATES in needs  # the full build makes RA003's tokens on the way
    index = build_index(change.after, settings, cache, jobs, tokens=clones_wanted, file_notes=False, digested=digested)
    change_set = _change_set(change, files, index, before_facts, settings)
    with provide(needs, index, None, change_set, inputs) as provided:
        checked = _check(provided, change_set, selected, inputs)
    assert checked is not None  # (the full index answers every question exactly)
    return checked


def _lazily(
    inputs: Inputs, files: list[FileChange], selected: tuple[Rule, ...], needs: frozenset[str], previous: Optional[RepoIndex]
) -> Union[Result, Inexact]:
    """The check over the lazy index, or why the lazy index cannot answer it exactly, or not
    cheaply: found by building it, by making the change set, or by a rule's question."""
    from reuse_audit.index import lazy as lazy_index
    from reuse_audit.index.lazy import LazyRepoIndex, build_lazy_index

    change, settings = inputs.change, inputs.settings
    inherited = previous.lazy if isinstance(previous, LazyRepoIndex) else None
    changed = [f.new_path for f in files if f.new_path]
    built = build_lazy_index(change.after, settings, inputs.cache, inputs.jobs, changed, previous=inherited)
    if not isinstance(built, LazyRepoIndex):
        return built  # (a stored snapshot)
    assert built.lazy is not None
    change_set = _change_set(change, files, built, inputs.before_facts, settings)
    many = len(change_set.qualnames - change_set.moved)
    if built.inexact() is None and many > lazy_index.LAZY_MAX_FUNCTIONS:
        return Inexact(f"{many} changed functions: the full build is the cheaper", built.lazy.digested, costly=True)
    checked = None
    if built.inexact() is None:
        with provide(needs, built, built.lazy, change_set, inputs) as provided:
            checked = _check(provided, change_set, selected, inputs)
    inexact = built.inexact()
    if inexact is not None:
        return inexact
    assert checked is not None  # (None only when the index said it cannot answer)
    return checked


# How long a check waits for a background build of the index (seconds) before building its own.
BACKGROUND_WAIT = 600.0


def wait_for_background(cache: FactsCache) -> bool:
    """Wait for the background build of ``cache``'s index, if one is running (True: it ended)."""
    directory = getattr(cache, "directory", None)
    if directory is None or not running(directory):
        return False
    return wait(directory, BACKGROUND_WAIT)


def _change_set(change: Change, files: list[FileChange], index: RepoIndex, before_facts: FactsOf, settings: Settings) -> ChangeSet:
    return build_change_set(
        files,
        index,
        before_facts,
        change.notes,
        read_before=change.before.read,
        read_after=change.after.read,
        min_similarity=settings.min_similarity,
        existing=change.existing,
    )


def _facts_reader(tree: SourceTree, cache: Optional[FactsCache]) -> FactsOf:
    """path -> the facts of that file of ``tree`` (None: not parsed), each read once, when first asked."""
    read: dict[str, Optional[FileFacts]] = {}

    def facts_of(path: str) -> Optional[FileFacts]:
        if path not in read:
            facts, _ = read_facts(tree, [path], cache, jobs=1)
            read[path] = facts.get(path)
        return read[path]

    return facts_of


def in_order(rules: Iterable[Rule]) -> list[Rule]:
    """``rules`` in code order, but each after the rules it defers to (``Rule.defers_to``)."""
    pending = sorted(rules, key=lambda r: r.code)
    codes = {r.code for r in pending}
    ordered: list[Rule] = []
    done: set[str] = set()
    while pending:
        ready = next((r for r in pending if all(c in done or c not in codes for c in r.defers_to)), None)
        if ready is None:
            raise ValueError(f"rules defer to each other: {', '.join(r.code for r in pending)}")
        ordered.append(ready)
        done.add(ready.code)
        pending.remove(ready)
    return ordered


def one_target_a_function(findings: list[Finding], rules: Iterable[Rule]) -> list[Finding]:
    """Findings of one function that name different targets: a rule's finding is dropped when a rule
    it yields to (``Rule.yields_to``) names another target for the same function (a verbatim copy
    whose callees are its own module's copies of the original's helpers shares few callees with
    its original and many with some other function; its near-copy names the original)."""
    yields = {rule.code: set(rule.yields_to) for rule in rules if rule.yields_to}
    if not yields:
        return findings
    targets: dict[tuple[str, str], set[str]] = {}
    for f in findings:
        targets.setdefault((f.function, f.rule), set()).add(f.target)
    kept = []
    for f in findings:
        stronger = yields.get(f.rule, ())
        if any(targets.get((f.function, code)) and f.target not in targets[(f.function, code)] for code in stronger):
            continue
        kept.append(f)
    return kept


def _check(provided: Provided, change_set: ChangeSet, selected: tuple[Rule, ...], inputs: Inputs) -> Optional[Result]:
    """The rules' findings over the index and what was built for their needs (``provided``), and
    the report; None when a rule's question found that the (lazy) index cannot answer exactly
    (``index.inexact()``): the rules after it are not run."""
    index, change, settings = provided.index, inputs.change, inputs.settings
    findings: list[Finding] = []
    made: dict[str, tuple[Finding, ...]] = {}
    for rule in in_order(selected):
        prior = tuple(f for code in rule.defers_to for f in made.get(code, ()))
        made[rule.code] = tuple(rule.check(change_set, provided, settings, prior))
        if index.inexact() is not None:
            return None  # its findings rest on answers given as "none": the engine builds the full index
        findings.extend(made[rule.code])
    findings = suppression.apply(findings, provided, settings)
    findings = one_target_a_function(findings, selected)
    findings.sort(key=lambda f: f.sort_key)
    notes = set(change.notes) | set(index.notes) | set(provided.notes)
    changed = {f.new_path for f in change.files if f.new_path and f.new_path.endswith(".py") and not settings.excluded(f.new_path)}
    # the tree's paths leave out the files too big to parse (a note names them)
    errors = source_errors(sorted(changed & set(change.after.paths())), inputs.after_facts)
    # The files' own notes (decoding, syntax errors) are those of the files the
    # report rests on: the changed files and the files of its findings.  (A lazy
    # index knows no others; a full one gives the same.)  A changed file that is
    # not Python has its error instead.
    if index.file_notes is not None:
        shown = {f.new_path for f in change.files if f.new_path}
        for finding in findings:
            shown.update((finding.location.path, finding.target_location.path))
        for path in sorted(shown - {e.location.path for e in errors}):
            notes.update(index.file_notes(path))
    report = Report(
        findings=tuple(findings),
        notes=tuple(sorted(notes, key=lambda n: (n.path, n.message))),
        files_analysed=index.files,
        functions_checked=sum(
            1
            for c in change_set.changed
            if c.qualname in index.functions
            and c.qualname not in change_set.moved
            and (settings.include_tests or not settings.is_test(index.functions[c.qualname].location.path))
        ),
        rules=tuple(r.code for r in selected),
        errors=errors,
        existing=change.existing,
    )
    return Result(report=report, index=index, change_set=change_set, provided=provided, rules=selected)


#: how the parser's decode note says the bytes were not source text (no encoding read them)
_UNDECODED = "decoded as latin-1: "


def source_errors(paths: Iterable[str], facts_of: Optional[FactsOf]) -> tuple[SourceError, ...]:
    """The changed files of ``paths`` that are not Python, as ruff reports a syntax error: bytes
    no encoding of Python's rules reads (a binary file), or code that does not parse.  One a
    file, at its first error.  ``facts_of(path)`` gives a file's facts (None: not parsed); without
    it (``run`` always gives one), no file's is known."""
    if facts_of is None:
        return ()
    errors = []
    for path in paths:
        facts = facts_of(path)
        if facts is None:
            continue  # too big, or not analysed: a note says so
        note = facts.decode_note or ""
        if _UNDECODED in note:
            cookie, _, why = note.rpartition(_UNDECODED)
            cookie = cookie.rstrip("; ")
            tail = f" ({cookie})" if cookie else ", and no coding cookie names another encoding (a binary file?)"
            errors.append(SourceError(Location(path, 1), f"not Python source text: {why}{tail}"))
        elif facts.syntax_errors:
            first, more = facts.syntax_errors[0], len(facts.syntax_errors) - 1
            where = f" and {more} more place{'s' if more > 1 else ''}" if more else ""
            errors.append(SourceError(
                Location(path, first), f"the code does not parse near line {first}{where}; only the functions that parse were checked",
            ))
    return tuple(errors)


__all__ = ["Result", "run", "facts_notes"]
