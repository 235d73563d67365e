"""Written from rich's public documentation only (Console Markup): tags are
in square brackets, "[/]" closes the last style, "[/bold]" a named one, a
backslash escapes a bracket, and ANSI SGR codes set styles (0 resets)."""

import re

TAG = re.compile(r"(\\*)\[(/?[^\[\]]*)\]")
ANSI = re.compile(r"\x1b\[([0-9;]*)m|\x1b\]8;[^;]*;([^\x1b]*)\x1b\\|\x1b\[[0-9;]*[A-Za-z]")
ALIASES = {"b": "bold", "i": "italic", "u": "underline", "s": "strike", "d": "dim", "r": "reverse"}


def _add(runs, text, *style):
    if text:
        if runs and runs[-1][1:] == style:
            runs[-1] = (runs[-1][0] + text, *style)
        else:
            runs.append((text, *style))


def markup_runs(markup: str) -> list[tuple[str, str]]:
    stack: list = []
    runs: list = []
    position = 0
    for match in TAG.finditer(markup):
        slashes, tag = match.groups()
        _add(runs, markup[position:match.start()], " ".join(stack))
        position = match.end()
        if len(slashes) % 2:
            _add(runs, "\\" * (len(slashes) // 2) + f"[{tag}]", " ".join(stack))
            continue
        _add(runs, "\\" * (len(slashes) // 2), " ".join(stack))
        name = ALIASES.get(tag.strip("/ ").lower(), tag.strip("/ ").lower())
        if tag.startswith("/"):
            if not stack:
                raise ValueError(f"closing tag [{tag}] has nothing to close")
            if tag == "/":
                stack.pop()
            elif name in stack:
                stack.remove(name)
            else:
                raise ValueError(f"closing tag [{tag}] matches no open tag")
        else:
            stack.append(name)
    _add(runs, markup[position:], " ".join(stack))
    return runs


def ansi_runs(text: str) -> list[tuple[str, str, str]]:
    state: list = []
    link = ""
    runs: list = []
    position = 0
    for match in ANSI.finditer(text):
        _add(runs, text[position:match.start()], ";".join(state), link)
        position = match.end()
        sgr, url = match.groups()
        if sgr is not None:
            codes = [c for c in sgr.split(";") if c]
            state = [] if not codes or codes[0] == "0" else state + codes
            if codes and codes[0] == "0":
                state = codes[1:]
        elif url is not None:
            link = url
    _add(runs, text[position:], ";".join(state), link)
    return runs
