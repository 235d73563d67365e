"""The lint report over the templates of an environment's loader."""

from itertools import chain

from jinja2.exceptions import TemplateSyntaxError
from jinja2.filters import ignore_case, make_attrgetter

from lint.constants import constant_findings
from lint.notes import note_findings, review


def _compile_finding(env, name):
    """None when the template compiles (it is then in the environment's cache), else a finding."""
    try:
        env._load_template(name, None)
    except TemplateSyntaxError as error:
        return error.lineno, "compile-error", error.message
    return None


def _constants(env, source):
    try:
        return len(constant_findings(source, env))
    except TemplateSyntaxError:
        return 0


def _figures(env, name, tags):
    """A template's figures and findings."""
    source = env.loader.get_source(env, name)[0]
    findings = review(source, env, tags)["findings"]
    failure = _compile_finding(env, name)
    if failure is not None:
        findings = sorted(findings + [failure], key=lambda finding: finding[0])
    figures = {
        "name": name,
        "compiles": failure is None,
        "findings": len(findings),
        "notes": len(note_findings(source, tags)),
        "constants": _constants(env, source),
        "rules": sorted({rule for _, rule, _ in findings}),
    }
    return figures, findings


def _pick(env, rows, func, rank_by):
    it = iter(rows)
    try:
        first = next(it)
    except StopIteration:
        return str(env.undefined("no template to rank")) or "-"
    key = make_attrgetter(env, rank_by, postprocess=ignore_case)
    return func(chain([first], it), key=key)["name"]


def lint_report(env, names=None, rank_by="findings", tags=("NOTE:",)) -> str:
    """The report: ranking by a figure, then every template's findings."""
    names = sorted(env.list_templates() if names is None else set(names), key=str.lower)
    sections = [_figures(env, name, tags) for name in names]
    rows = [figures for figures, _ in sections]
    out = [
        f"templates: {len(rows)}",
        f"worst: {_pick(env, rows, max, rank_by)}",
        f"best: {_pick(env, rows, min, rank_by)}",
    ]
    for figures, findings in sections:
        out.append(f"== {figures['name']} ({figures['findings']} findings) ==")
        out.extend(f"line {line}: {rule}: {detail!r}" for line, rule, detail in findings)
    return "\n".join(out)
