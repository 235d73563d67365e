"""Written from Pygments' public documentation only: the session lexers
(console, doscon, tcshcon, ps1con) highlight "command lines, including a
prompt, interspersed with output"; a prompt is the shell's PS1 ($, # or %
after an optional user@host:path, PS ...> for PowerShell, C:\\> for DOS) and a
backslash at the end of a line continues the command on a "> " line."""

import re

from pygments.lexers import get_lexer_by_name
from pygments.token import Generic

from console_kit.escapes import escape_table, paint

_PROMPTS = {
    "bash": re.compile(r"^((?:\(\S+\) )?(?:\S+@\S+:\S*)?[$#%] ?)(.*\n?)"),
    "dos": re.compile(r"^([A-Za-z]:[^>]*>)(.*\n?)"),
    "powershell": re.compile(r"^(PS [^>]*> ?)(.*\n?)"),
    "tcsh": re.compile(r"^([^>]+> ?)(.*\n?)"),
}
_ALIASES = {"bash": "console", "dos": "doscon", "powershell": "ps1con", "tcsh": "tcshcon"}


def split_session(text, shell="bash") -> list:
    if shell not in _PROMPTS:
        raise ValueError(f"unknown shell: {shell!r}")
    pieces = []
    continued = False

    def add(kind, value):
        if not value:
            return
        if pieces and pieces[-1][0] == kind:
            pieces[-1] = (kind, pieces[-1][1] + value)
        else:
            pieces.append((kind, value))

    for line in text.splitlines(keepends=True):
        if continued and line.startswith("> "):
            add("prompt", "> ")
            add("input", line[2:])
            continued = line.endswith("\\\n")
            continue
        match = _PROMPTS[shell].match(line)
        if match:
            add("prompt", match.group(1))
            add("input", match.group(2))
            continued = line.endswith("\\\n")
        else:
            add("output", line)
            continued = False
    return pieces


def render_session(text, shell="bash", style="default", truecolor=False, output=True) -> str:
    if shell not in _ALIASES:
        raise ValueError(f"unknown shell: {shell!r}")
    table = escape_table(style, truecolor)
    prompt_type = "Token.Generic.Prompt" if "Token.Generic.Prompt" in table else "Token.Keyword"
    lexer = get_lexer_by_name(_ALIASES[shell])
    tokens = []
    for ttype, value in lexer.get_tokens(text):
        if ttype in Generic.Output and not output:
            continue
        tokens.append((prompt_type if ttype in Generic.Prompt else ttype, value))
    return paint(tokens, style, truecolor)
