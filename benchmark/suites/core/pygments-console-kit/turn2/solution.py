"""Shell-session transcripts: prompts, typed input and output, read as Pygments reads them."""

from pygments.lexers.shell import BashSessionLexer, MSDOSSessionLexer, PowerShellSessionLexer, TcshSessionLexer
from pygments.token import Generic

from console_kit.escapes import escape_table, paint

SESSION_LEXERS = {"bash": BashSessionLexer, "dos": MSDOSSessionLexer,
                  "powershell": PowerShellSessionLexer, "tcsh": TcshSessionLexer}


def _session_lexer(shell):
    if shell not in SESSION_LEXERS:
        raise ValueError(f"unknown shell: {shell!r}")
    return SESSION_LEXERS[shell](stripnl=False, ensurenl=False)


def _kind(ttype):
    if ttype in Generic.Prompt:
        return "prompt"
    return "output" if ttype in Generic.Output else "input"


def split_session(text, shell="bash") -> list:
    """The transcript as (kind, text) pieces, kind "prompt", "input" or "output", like kinds merged."""
    pieces = []
    for _, ttype, value in _session_lexer(shell).get_tokens_unprocessed(text):
        kind = _kind(ttype)
        if pieces and pieces[-1][0] == kind:
            pieces[-1] = (kind, pieces[-1][1] + value)
        elif value:
            pieces.append((kind, value))
    return pieces


def render_session(text, shell="bash", style="default", truecolor=False, output=True) -> str:
    """The transcript coloured for a terminal; prompts always stand out; output left out unless ``output``."""
    table = escape_table(style, truecolor)
    prompt_type = "Token.Generic.Prompt" if "Token.Generic.Prompt" in table else "Token.Keyword"
    tokens = []
    for ttype, value in _session_lexer(shell).get_tokens(text):
        kind = _kind(ttype)
        if kind == "output" and not output:
            continue
        tokens.append((prompt_type if kind == "prompt" else ttype, value))
    return paint(tokens, style, truecolor)
