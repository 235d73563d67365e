"""TiddlyWiki pages, and the plain code of every kind of document the checker reads."""

import re

from pygments.lexer import do_insertions
from pygments.lexers import get_lexer_by_name
from pygments.lexers.markup import TiddlyWiki5Lexer, _shift_indices
from pygments.token import String
from pygments.util import ClassNotFound

from doc_code.blocks import markdown_blocks, rst_blocks
from doc_code.literate import block_languages

KINDS = ("markdown", "rst", "tiddlywiki")


def _rule(handler):
    for rule in TiddlyWiki5Lexer.tokens["root"]:
        if isinstance(rule, tuple) and rule[1] is handler:
            return re.compile(rule[0], TiddlyWiki5Lexer.flags)
    raise LookupError(handler.__name__)


def _merge(tokens) -> list:
    pieces = []
    for _, ttype, value in tokens:
        if pieces and pieces[-1][0] == str(ttype):
            pieces[-1] = (str(ttype), pieces[-1][1] + value)
        elif value:
            pieces.append((str(ttype), value))
    return pieces


def _delegate(language, code, start):
    try:
        lexer = get_lexer_by_name(language)
    except ClassNotFound:
        return [(start, String, code)]
    return list(_shift_indices(do_insertions([], lexer.get_tokens_unprocessed(code)), start))


def tiddler_code(text) -> list:
    """(language, pieces) for each code block and style block of a tiddler, in the page's order."""
    found = []
    for match in _rule(TiddlyWiki5Lexer._handle_codeblock).finditer(text):
        tokens = _delegate(match.group(2).strip(), match.group(4), match.start(4))
        found.append((match.start(), match.group(2), _merge(tokens)))
    for match in _rule(TiddlyWiki5Lexer._handle_cssblock).finditer(text):
        tokens = _delegate("css", match.group(3), match.start(3))
        found.append((match.start(), "css", _merge(tokens)))
    return [(language, pieces) for _, language, pieces in sorted(found, key=lambda f: f[0])]


def code_text(text, kind="markdown") -> list:
    """(language, code) for each code block of a document of ``kind``."""
    if kind == "markdown":
        blocks = markdown_blocks(text)
    elif kind == "rst":
        blocks = rst_blocks(text)
    elif kind == "tiddlywiki":
        blocks = tiddler_code(text)
    else:
        raise ValueError(f"unknown document kind {kind!r}")
    return [(language, "".join(value for _, value in pieces)) for language, pieces in blocks]


def _is_plain(pieces) -> bool:
    return len(pieces) == 1 and pieces[0][0] == "Token.Literal.String"


def languages(text, kind="markdown") -> dict:
    """Turn 2's split of the code blocks' languages, for tiddlers too."""
    if kind != "tiddlywiki":
        return block_languages(text, kind)
    result = {"highlighted": [], "plain": []}
    for language, pieces in tiddler_code(text):
        result["plain" if _is_plain(pieces) else "highlighted"].append(language)
    return result
