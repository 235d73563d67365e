"""Written from Jinja's public documentation only: Environment.call_filter ("invoke
a filter on a value the same way the compiler does"), the babel_extract docs on
translator comments ("make sure to not have more than one gettext call in one line
of code and the matching comment in the same line or the line before"), and the
earlier turns."""

import re

from jinja2 import Environment
from jinja2.exceptions import UndefinedError

from catalog.coverage import coverage_report
from catalog.snippets import render_snippet, snippet_report, snippet_signature

_PLACEHOLDER = re.compile(r"(%\([^)]*\)s|%%)")


def _mark(env, marker, text):
    """``text`` with the filter ``marker`` applied around its placeholders, in brackets."""
    parts = []
    for part in _PLACEHOLDER.split(text):
        if part and not _PLACEHOLDER.fullmatch(part):
            part = str(env.call_filter(marker, part))
        parts.append(part)
    return "[" + "".join(parts) + "]"


def pseudo_catalog(source: str, marker="upper", env=None) -> dict:
    """A catalog translating every literal message of ``source`` into its marked id."""
    env = env if env is not None else Environment()
    catalog = {}
    for key in coverage_report(source, {})["missing"]:
        if isinstance(key, tuple):
            singular = key[0].split("\x04", 1)[-1]
            catalog[key] = (_mark(env, marker, singular), _mark(env, marker, key[1]))
        else:
            catalog[key] = _mark(env, marker, key.split("\x04", 1)[-1])
    return catalog


def _notes(source, tags, lines):
    # a translator comment belongs to the text on its own line or on the next one
    comments = {}
    for match in re.finditer(r"\{#\s*(.*?)\s*#\}", source, re.S):
        line = source[: match.start()].count("\n") + 1
        prefix, _, text = match.group(1).partition(" ")
        if prefix in tags:
            comments[line] = text.strip()
    return [[comments[n] for n in (line - 1, line) if n in comments][-1:] for line in lines]


def pseudo_proof(source: str, marker="upper", tags=("NOTE:",)) -> str:
    """The proof sheet of the snippets of ``source`` in the pseudo locale."""
    catalog = pseudo_catalog(source, marker)
    out = []
    for snippet in snippet_report(source, catalog)["snippets"]:
        signature = snippet_signature(source, snippet["name"])
        arguments = {name: f"<{name}>" for name in signature["parameters"]}
        if signature["caller"]:
            arguments["caller"] = lambda: "<caller>"
        try:
            text = " ".join(str(render_snippet(source, snippet["name"], catalog, arguments)).split())
        except UndefinedError:
            text = "-"
        out.append(f"== {snippet['name']}({', '.join(signature['parameters'])}) ==")
        out.append(f"text: {text}")
        runs = snippet["untranslated"]
        for (line, run), notes in zip(runs, _notes(source, tags, [line for line, _ in runs])):
            out.append(f"untranslated line {line}: {run}" + "".join(f" -- {note}" for note in notes))
    return "\n".join(out)
