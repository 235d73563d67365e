"""What a console string says: the styled runs of rich markup, and of text with ANSI escape codes."""

from rich.ansi import _ansi_tokenize
from rich.markup import _parse
from rich.style import Style


def _close(stack: list, name: str, position: int) -> None:
    """Close the tag a closing tag ``[/name]`` (``[/]``: the last one) closes."""
    if not name:
        if not stack:
            raise ValueError(f"closing tag '[/]' at position {position} has nothing to close")
        stack.pop()
        return
    for index in range(len(stack) - 1, -1, -1):
        if stack[index][0] == name:
            del stack[index]
            return
    raise ValueError(f"closing tag '[/{name}]' at position {position} matches no open tag")


def _merge(runs: list, text: str, style) -> None:
    if not text:
        return
    if runs and runs[-1][1:] == style:
        runs[-1] = (runs[-1][0] + text, *style)
    else:
        runs.append((text, *style))


def markup_runs(markup: str) -> list[tuple[str, str]]:
    """(text, style) runs of console ``markup``: the text printed, the open tags' styles joined by spaces."""
    stack: list[tuple[str, str]] = []
    runs: list = []
    for position, text, tag in _parse(markup):
        if text is not None:
            _merge(runs, text.replace("\\[", "["), (" ".join(style for _, style in stack if style),))
        elif tag.name.startswith("/"):
            closed = tag.name[1:].strip()
            _close(stack, Style.normalize(closed) if closed else "", position)
        else:
            name = Style.normalize(tag.name)
            style = "" if name.startswith("@") else name if tag.parameters is None else f"{name}={tag.parameters}"
            stack.append((name, style))
    return runs


def _apply_sgr(state: list, sgr: str) -> list:
    codes = [code for code in sgr.split(";")]
    if sgr == "" or codes[0] in ("0", "00"):
        return [code for code in codes[1:] if code]
    return state + [code for code in codes if code]


def _link(osc: str) -> str:
    kind, _, rest = osc.partition(";")
    return rest.partition(";")[2] if kind == "8" else ""


def ansi_runs(text: str) -> list[tuple[str, str, str]]:
    """(text, SGR codes in effect, link) runs of ``text`` with ANSI escape codes."""
    state: list = []
    link = ""
    runs: list = []
    for token in _ansi_tokenize(text):
        if token.plain:
            _merge(runs, token.plain, (";".join(state), link))
        elif token.sgr is not None:
            state = _apply_sgr(state, token.sgr)
        elif token.osc is not None:
            link = _link(token.osc)
    return runs
