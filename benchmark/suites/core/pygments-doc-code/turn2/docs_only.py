"""Written from Pygments' public documentation only: the literate lexers
(lhs, lagda, lidr, lcry) take a `litstyle` option, "bird" (code lines start
with ">") or "latex" (code between \\begin{code} and \\end{code}), detected
from the first non-whitespace character ("%" or "\\" means LaTeX) when not
given; the Markdown and reST code blocks come from turn 1."""

from pygments.lexers import get_lexer_by_name

from doc_code.blocks import markdown_blocks, rst_blocks

_ALIASES = {"haskell": "lhs", "agda": "lagda", "idris": "lidr", "cryptol": "lcry"}


def literate_tokens(text, language="haskell", litstyle=None) -> list:
    if language not in _ALIASES:
        raise ValueError(f"no literate lexer for {language!r}")
    if litstyle not in (None, "bird", "latex"):
        raise ValueError(f"unknown literate style {litstyle!r}")
    if litstyle is None:
        litstyle = "latex" if text.lstrip()[:1] in ("%", "\\") else "bird"
    lexer = get_lexer_by_name(_ALIASES[language], litstyle=litstyle, stripnl=False, ensurenl=False)
    pieces = []
    for ttype, value in lexer.get_tokens(text):
        if pieces and pieces[-1][0] == str(ttype):
            pieces[-1] = (str(ttype), pieces[-1][1] + value)
        elif value:
            pieces.append((str(ttype), value))
    return pieces


def block_languages(text, kind="markdown") -> dict:
    if kind not in ("markdown", "rst"):
        raise ValueError(f"unknown document kind {kind!r}")
    blocks = markdown_blocks(text) if kind == "markdown" else rst_blocks(text)
    result = {"highlighted": [], "plain": []}
    for language, pieces in blocks:
        plain = len(pieces) == 1 and pieces[0][0] == "Token.Literal.String"
        result["plain" if plain else "highlighted"].append(language)
    return result
