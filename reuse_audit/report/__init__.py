"""Reporters turn a Report into text.  One module per format; they only format.

Each module exposes ``render(report: Report, ctx: RenderContext) -> str``;
:data:`RENDERERS` maps each format to it.  What the renderers share (the
context, the wording of other targets) is in :mod:`.common`.
"""

from __future__ import annotations

import importlib
from typing import Callable, Optional

from reuse_audit import __version__
from reuse_audit.lint.model import Report
from reuse_audit.report.common import RenderContext
from reuse_audit.source.change import Provenance

__all__ = ["Provenance", "RenderContext", "RENDERERS", "formats", "renderer", "render", "render_plain"]

#: format name -> the module of its renderer, in the order ``--format`` lists them.  A module
#: is imported when its format is asked for: the others (SARIF's above all) cost a check in
#: the text format about 10 ms.
RENDERERS: dict[str, str] = {
    "text": "text",
    "concise": "concise",
    "full": "full",
    "json": "json",
    "sarif": "sarif",
    "github": "github",
}


def formats() -> tuple[str, ...]:
    return tuple(RENDERERS)


def renderer(fmt: str) -> Callable[[Report, RenderContext], str]:
    module = RENDERERS.get(fmt)
    if module is None:  # the CLI validates the choice; this is a programming error
        raise ValueError(f"unknown format {fmt!r}")
    return importlib.import_module(f"{__name__}.{module}").render


def render(fmt: str, report: Report, ctx: RenderContext) -> str:
    return renderer(fmt)(report, ctx)


def render_plain(fmt: str, report: Report, rules: tuple, source: Optional[Callable[[str], Optional[bytes]]] = None) -> str:
    """``report`` as ``reuse-audit check --format FMT`` writes it to a file: no colour, no fix
    marks (what a pre-commit hook prints).  ``rules``: those that made it (``RenderContext.rules``);
    ``source`` reads the files of the tree after the change (the ``full`` format shows their code)."""
    return render(fmt, report, RenderContext(rules=tuple(rules), version=__version__, source=source or (lambda path: None)))
