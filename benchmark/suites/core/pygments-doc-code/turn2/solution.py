"""Literate programs, and which code blocks of a document Pygments can colour."""

from pygments.lexers.haskell import (LiterateAgdaLexer, LiterateCryptolLexer, LiterateHaskellLexer,
                                     LiterateIdrisLexer)

from doc_code.blocks import markdown_blocks, rst_blocks

LITERATE = {"haskell": LiterateHaskellLexer, "agda": LiterateAgdaLexer,
            "idris": LiterateIdrisLexer, "cryptol": LiterateCryptolLexer}


def literate_tokens(text, language="haskell", litstyle=None) -> list:
    """The literate program as (token type name, text) pieces, as Pygments highlights it."""
    if language not in LITERATE:
        raise ValueError(f"no literate lexer for {language!r}")
    if litstyle not in (None, "bird", "latex"):
        raise ValueError(f"unknown literate style {litstyle!r}")
    lexer = LITERATE[language]()
    if litstyle is not None:
        lexer.options["litstyle"] = litstyle
    pieces = []
    for _, ttype, value in lexer.get_tokens_unprocessed(text):
        if pieces and pieces[-1][0] == str(ttype):
            pieces[-1] = (str(ttype), pieces[-1][1] + value)
        elif value:
            pieces.append((str(ttype), value))
    return pieces


def _is_plain(pieces) -> bool:
    return len(pieces) == 1 and pieces[0][0] == "Token.Literal.String"


def block_languages(text, kind="markdown") -> dict:
    """{"highlighted": [...], "plain": [...]}: languages of the code blocks, by whether Pygments colours them."""
    if kind == "markdown":
        blocks = markdown_blocks(text)
    elif kind == "rst":
        blocks = rst_blocks(text)
    else:
        raise ValueError(f"unknown document kind {kind!r}")
    result = {"highlighted": [], "plain": []}
    for language, pieces in blocks:
        result["plain" if _is_plain(pieces) else "highlighted"].append(language)
    return result
