"""Written from rich's public documentation only: Text wraps words to the
width and folds words longer than it ("overflow"), emoji codes such as
:smile: are replaced (rich.emoji.Emoji.replace), and markup.escape() escapes
brackets."""

import textwrap

from rich.emoji import Emoji
from rich.markup import escape

from markup_text.scan import ansi_runs, markup_runs


def _break(runs: list, width: int, fold: bool) -> list[list[tuple]]:
    if width < 1:
        raise ValueError("width must be at least 1")
    plain = "".join(run[0] for run in runs)
    styles = [run[1:] for run in runs for _ in run[0]]
    lines, start = [], 0
    for text in plain.split("\n"):
        pieces = textwrap.wrap(text, width, break_long_words=fold, drop_whitespace=True) or [""]
        cursor = 0
        for piece in pieces:
            if not fold:
                piece = piece[:width]
            at = text.index(piece, cursor) if piece else cursor
            line: list = []
            for offset, char in enumerate(piece, start + at):
                if line and line[-1][1:] == styles[offset]:
                    line[-1] = (line[-1][0] + char, *styles[offset])
                else:
                    line.append((char, *styles[offset]))
            cursor = at + len(piece)
            lines.append(line)
        start += len(text) + 1
    return lines


def wrap_markup(markup: str, width: int, fold: bool = True, emoji: bool = True) -> list[str]:
    runs = [(Emoji.replace(text) if emoji else text, style) for text, style in markup_runs(markup)]
    return ["".join(f"[{style}]{escape(text)}[/]" if style else escape(text) for text, style in line)
            for line in _break(runs, width, fold)]


def wrap_ansi(text: str, width: int, fold: bool = True) -> list[str]:
    out = []
    for line in _break(ansi_runs(text), width, fold):
        parts = []
        for piece, codes, link in line:
            if codes:
                piece = f"\x1b[{codes}m{piece}\x1b[0m"
            if link:
                piece = f"\x1b]8;;{link}\x1b\\{piece}\x1b]8;;\x1b\\"
            parts.append(piece)
        out.append("".join(parts))
    return out
