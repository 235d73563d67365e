"""Console text broken into lines as rich breaks it, each line still carrying its styles."""

from rich._emoji_replace import _emoji_replace
from rich._loop import loop_last
from rich._wrap import words
from rich.cells import cell_len, chop_cells
from rich.markup import escape

from markup_text.scan import ansi_runs, markup_runs


def _offsets(text: str, width: int, fold: bool) -> list[int]:
    breaks: list[int] = []
    offset = 0
    for start, _end, word in words(text):
        length = cell_len(word.rstrip())
        if width - offset >= length:
            offset += cell_len(word)
        elif length > width:
            if fold:
                for last, line in loop_last(chop_cells(word, width=width)):
                    if start:
                        breaks.append(start)
                    if last:
                        offset = cell_len(line)
                    else:
                        start += len(line)
            else:
                if start:
                    breaks.append(start)
                offset = cell_len(word)
        elif offset and start:
            breaks.append(start)
            offset = cell_len(word)
    return breaks


def _break(runs: list, width: int, fold: bool) -> list[list[tuple]]:
    if width < 1:
        raise ValueError("width must be at least 1")
    plain = "".join(run[0] for run in runs)
    styles = [run[1:] for run in runs for _ in run[0]]
    lines, start = [], 0
    for text in plain.split("\n"):
        cuts = [0, *_offsets(text, width, fold), len(text)]
        for begin, end in zip(cuts, cuts[1:]):
            piece = text[begin:end].rstrip()
            if not fold and piece:
                piece = chop_cells(piece, width)[0]
            line: list = []
            for offset, char in enumerate(piece, start + begin):
                if line and line[-1][1:] == styles[offset]:
                    line[-1] = (line[-1][0] + char, *styles[offset])
                else:
                    line.append((char, *styles[offset]))
            lines.append(line)
        start += len(text) + 1
    return lines


def wrap_markup(markup: str, width: int, fold: bool = True, emoji: bool = True) -> list[str]:
    """Lines of console markup, each printing one line of ``markup`` wrapped at ``width``."""
    runs = [(_emoji_replace(text) if emoji else text, style) for text, style in markup_runs(markup)]
    return ["".join(f"[{style}]{escape(text)}[/]" if style else escape(text) for text, style in line)
            for line in _break(runs, width, fold)]


def _ansi(text: str, codes: str, link: str) -> str:
    if codes:
        text = f"\x1b[{codes}m{text}\x1b[0m"
    if link:
        text = f"\x1b]8;;{link}\x1b\\{text}\x1b]8;;\x1b\\"
    return text


def wrap_ansi(text: str, width: int, fold: bool = True) -> list[str]:
    """Lines of ANSI text, each showing one line of ``text`` wrapped at ``width``, codes reset at its end."""
    return ["".join(_ansi(*run) for run in line) for line in _break(ansi_runs(text), width, fold)]
