"""Code blocks of Markdown and reStructuredText documents, as Pygments highlights them."""

import re

from pygments.lexers.markup import MarkdownLexer, RstLexer


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
    lexer = MarkdownLexer()
    blocks = []
    for match in _rule(MarkdownLexer, MarkdownLexer._handle_codeblock).finditer(text):
        tokens = [t for t in lexer._handle_codeblock(match)
                  if match.start("code") <= t[0] < match.start("terminator")]
        blocks.append((match.group("lang"), _merge(tokens)))
    return blocks


def rst_blocks(text) -> list:
    """(language, pieces of its code) for each source-code directive."""
    lexer = RstLexer()
    blocks = []
    for match in _rule(RstLexer, RstLexer._handle_sourcecode).finditer(text):
        tokens = list(lexer._handle_sourcecode(match))[7:]
        blocks.append((match.group(6).strip(), _merge(tokens)))
    return blocks
