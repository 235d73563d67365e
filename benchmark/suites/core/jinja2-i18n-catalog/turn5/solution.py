"""A pseudo-locale proof: every message marked by a filter, every snippet rendered with it."""

import re

from jinja2 import Environment
from jinja2.exceptions import UndefinedError
from jinja2.ext import InternationalizationExtension, _CommentFinder

from catalog.coverage import coverage_report
from catalog.snippets import render_snippet, snippet_report, snippet_signature

_PLACEHOLDER = re.compile(r"(%\([^)]*\)s|%%)")


def _mark(env, marker, text):
    """``text`` with the filter ``marker`` applied around its placeholders, in brackets."""
    parts = []
    for part in _PLACEHOLDER.split(text):
        if part and not _PLACEHOLDER.fullmatch(part):
            part = str(env._filter_test_common(marker, part, None, None, None, None, True))
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
    env = Environment(extensions=[InternationalizationExtension])
    finder = _CommentFinder(list(env.lex(env.preprocess(source))), list(tags))
    return [finder.find_comments(line) for line in lines]


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
