"""Literate programs, and which code blocks of a document Pygments can colour."""

from pygments.lexers.haskell import (LiterateAgdaLexer, LiterateCryptolLexer, LiterateHaskellLexer,
                                     LiterateIdrisLexer)

from pygments.lexer import RegexLexer, do_insertions, line_re
from pygments.lexers.markup import TexLexer
from pygments.token import Comment, Text

from doc_code.blocks import markdown_blocks, rst_blocks

LITERATE = {"haskell": LiterateHaskellLexer, "agda": LiterateAgdaLexer,
            "idris": LiterateIdrisLexer, "cryptol": LiterateCryptolLexer}


def _lines(text, pattern=line_re):
    return pattern.finditer(text)


def literate_tokens(text, language="haskell", litstyle=None) -> list:
    """The literate program as (token type name, text) pieces, as Pygments highlights it."""
    if language not in LITERATE:
        raise ValueError(f"no literate lexer for {language!r}")
    if litstyle not in (None, "bird", "latex"):
        raise ValueError(f"unknown literate style {litstyle!r}")
    lexer = LITERATE[language]()
    if litstyle is not None:
        lexer.options["litstyle"] = litstyle
    style = lexer.options.get("litstyle")
    if style is None:
        style = "latex" if text.lstrip()[0:1] in "%\\" else "bird"
    code, insertions = "", []
    if style == "bird":
        for match in _lines(text):
            line = match.group()
            bird = lexer.bird_re.match(line)
            if bird:
                insertions.append((len(code), [(0, Comment.Special, bird.group(1))]))
                code += bird.group(2)
            else:
                insertions.append((len(code), [(0, Text, line)]))
    else:
        tex = TexLexer(**lexer.options)
        inside, latex = False, ""
        for match in _lines(text):
            line = match.group()
            if inside:
                if line.lstrip().startswith("\\end{code}"):
                    inside = False
                    latex += line
                else:
                    code += line
            elif line.lstrip().startswith("\\begin{code}"):
                inside = True
                latex += line
                insertions.append((len(code), list(tex.get_tokens_unprocessed(latex))))
                latex = ""
            else:
                latex += line
        insertions.append((len(code), list(tex.get_tokens_unprocessed(latex))))
    base = lexer.baselexer
    tokens = do_insertions(insertions, RegexLexer.get_tokens_unprocessed(base, code))
    pieces = []
    for _, ttype, value in tokens:
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
