"""Written from Pygments' public documentation only: the tiddler lexer (tid)
highlights TiddlyWiki5 markup, code blocks fenced with ```lang and CSS in
<style> blocks with the lexer of that language; the Markdown and reST blocks
and the languages split come from turns 1 and 2."""

import re

from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

from doc_code.blocks import markdown_blocks, rst_blocks
from doc_code.literate import block_languages

_BLOCK = re.compile(r"^```([\w+-]+)[ \t]*\n(.*?)^```[ \t]*$|^<style>\n(.*?)^</style>[ \t]*$", re.M | re.S)


def _pieces(language, code):
    try:
        lexer = get_lexer_by_name(language)
    except ClassNotFound:
        return [("Token.Literal.String", code)]
    pieces = []
    for ttype, value in lexer.get_tokens(code):
        if pieces and pieces[-1][0] == str(ttype):
            pieces[-1] = (str(ttype), pieces[-1][1] + value)
        elif value:
            pieces.append((str(ttype), value))
    return pieces


def tiddler_code(text) -> list:
    blocks = []
    for m in _BLOCK.finditer(text):
        if m.group(1):
            blocks.append((m.group(1), _pieces(m.group(1), m.group(2))))
        else:
            blocks.append(("css", _pieces("css", m.group(3))))
    return blocks


def code_text(text, kind="markdown") -> list:
    readers = {"markdown": markdown_blocks, "rst": rst_blocks, "tiddlywiki": tiddler_code}
    if kind not in readers:
        raise ValueError(f"unknown document kind {kind!r}")
    return [(language, "".join(value for _, value in pieces)) for language, pieces in readers[kind](text)]


def languages(text, kind="markdown") -> dict:
    if kind != "tiddlywiki":
        return block_languages(text, kind)
    result = {"highlighted": [], "plain": []}
    for language, pieces in tiddler_code(text):
        plain = len(pieces) == 1 and pieces[0][0] == "Token.Literal.String"
        result["plain" if plain else "highlighted"].append(language)
    return result
