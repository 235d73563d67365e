"""Reporters turn a Report into text.  One module per format; they only format.

Each module exposes ``render(report: Report, ctx: RenderContext) -> str``;
:data:`RENDERERS` maps each format to it.  What the renderers share (the
context, the wording of other targets) is in :mod:`.common`.
"""

from __future__ import annotations

from typing import Callable

from ..model import Report
from . import concise, full, github, json, sarif, text
from .common import Provenance, RenderContext

__all__ = ["Provenance", "RenderContext", "RENDERERS", "formats", "render"]

#: format name -> its renderer, in the order ``--format`` lists them
RENDERERS: dict[str, Callable[[Report, RenderContext], str]] = {
    "text": text.render,
    "concise": concise.render,
    "full": full.render,
    "json": json.render,
    "sarif": sarif.render,
    "github": github.render,
}


def formats() -> tuple[str, ...]:
    return tuple(RENDERERS)


def render(fmt: str, report: Report, ctx: RenderContext) -> str:
    renderer = RENDERERS.get(fmt)
    if renderer is None:  # the CLI validates the choice; this is a programming error
        raise ValueError(f"unknown format {fmt!r}")
    return renderer(report, ctx)
