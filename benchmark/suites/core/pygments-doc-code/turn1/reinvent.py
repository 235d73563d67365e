"""Code blocks of Markdown and reStructuredText documents, as Pygments highlights them."""

import re

from pygments.lexer import do_insertions
from pygments.lexers import get_lexer_by_name
from pygments.lexers.markup import MarkdownLexer, RstLexer, _shift_indices
from pygments.token import String, Text
from pygments.util import ClassNotFound


def _merge(tokens) -> list:
    pieces = []
    for _, ttype, value in tokens:
        if pieces and pieces[-1][0] == str(ttype):
            pieces[-1] = (str(ttype), pieces[-1][1] + value)
        elif value:
            pieces.append((str(ttype), value))
    return pieces


def _rule(lexer_cls, handler):
    """The compiled pattern of the rule of ``lexer_cls`` whose action is ``handler``."""
    for rule in lexer_cls.tokens["root"]:
        if isinstance(rule, tuple) and rule[1] is handler:
            return re.compile(rule[0], lexer_cls.flags)
    raise LookupError(handler.__name__)


def markdown_blocks(text) -> list:
    """(language, pieces of its code) for each fenced code block with a language."""
    blocks = []
    for match in _rule(MarkdownLexer, MarkdownLexer._handle_codeblock).finditer(text):
        code = match.group("code")
        try:
            inner = get_lexer_by_name(match.group("lang").strip())
        except ClassNotFound:
            inner = None
        if inner is None:
            tokens = [(match.start("code"), String, code)]
        else:
            tokens = list(_shift_indices(do_insertions([], inner.get_tokens_unprocessed(code)), match.start("code")))
        blocks.append((match.group("lang"), _merge(tokens)))
    return blocks


def rst_blocks(text) -> list:
    """(language, pieces of its code) for each source-code directive."""
    blocks = []
    for match in _rule(RstLexer, RstLexer._handle_sourcecode).finditer(text):
        try:
            inner = get_lexer_by_name(match.group(6).strip())
        except ClassNotFound:
            inner = None
        indent = match.group(8)
        code = indent + match.group(9) + match.group(10) + match.group(11)
        if inner is None:
            tokens = [(match.start(8), String, code)]
        else:
            insertions, stripped = [], ""
            for line in code.splitlines(True):
                if len(line) > len(indent):
                    insertions.append((len(stripped), [(0, Text, line[:len(indent)])]))
                    stripped += line[len(indent):]
                else:
                    stripped += line
            tokens = list(_shift_indices(do_insertions(insertions, inner.get_tokens_unprocessed(stripped)), match.start(8)))
        blocks.append((match.group(6).strip(), _merge(tokens)))
    return blocks
