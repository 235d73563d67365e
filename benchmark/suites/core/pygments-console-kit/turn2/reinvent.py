"""Shell-session transcripts: prompts, typed input and output, read as Pygments reads them."""

from pygments.lexers.shell import BashSessionLexer, MSDOSSessionLexer, PowerShellSessionLexer, TcshSessionLexer
from pygments.lexer import RegexLexer, do_insertions, line_re
from pygments.token import Generic, Token

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


def _lines(text, pattern=line_re):
    return pattern.finditer(text)


def split_session(text, shell="bash") -> list:
    """The transcript as (kind, text) pieces, kind "prompt", "input" or "output", like kinds merged."""
    session = _session_lexer(shell)
    inner = session._innerLexerCls(**session.options)
    tokens = []
    pos, code, insertions, continued = 0, "", [], False
    for match in _lines(text):
        line = match.group()
        venv = session._venv.match(line)
        if venv:
            insertions.append((len(code), [(0, Generic.Prompt.VirtualEnv, venv.group(1))]))
            if venv.group(2):
                insertions.append((len(code), [(0, Token.Text, venv.group(2))]))
            line = line[venv.end():]
        prompt = session._ps1rgx.match(line)
        if prompt:
            if not insertions:
                pos = match.start()
            insertions.append((len(code), [(0, Generic.Prompt, prompt.group(1))]))
            code += prompt.group(2)
            continued = code.endswith("\\\n")
        elif continued:
            if line.startswith(session._ps2):
                insertions.append((len(code), [(0, Generic.Prompt, line[:len(session._ps2)])]))
                code += line[len(session._ps2):]
            else:
                code += line
            continued = code.endswith("\\\n")
        elif session._bare_continuation and line.startswith(session._ps2):
            insertions.append((len(code), [(0, Generic.Prompt, line[:len(session._ps2)])]))
            code += line[len(session._ps2):]
        else:
            if insertions:
                tokens.extend(do_insertions(insertions, RegexLexer.get_tokens_unprocessed(inner, code)))
            tokens.append((match.start(), Generic.Output, line))
            insertions, code = [], ""
    if insertions:
        tokens.extend(do_insertions(insertions, RegexLexer.get_tokens_unprocessed(inner, code)))
    pieces = []
    for _, ttype, value in tokens:
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
