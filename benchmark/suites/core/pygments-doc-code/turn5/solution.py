"""Whole HTML pages of a document's code, as Pygments' HTML output writes a complete page."""

import io
import os

from pygments.formatters.html import HtmlFormatter
from pygments.lexers import get_lexer_by_name
from pygments.lexers.special import TextLexer

from doc_code.wiki import code_text, languages


def code_page(code, language="python", title="", style="default", linenos=False) -> str:
    """One listing of ``code`` as a complete HTML page with the style's CSS in it."""
    formatter = HtmlFormatter(full=True, title=title, style=style, linenos="table" if linenos else False)
    out = io.StringIO()
    formatter.format_unencoded(get_lexer_by_name(language).get_tokens(code), out)
    return out.getvalue()


def document_page(text, kind="markdown", title="", style="default", folder=".", cssfile=None,
                  overwrite=True) -> str:
    """Every code block of a document, highlighted, on one complete page to be saved in ``folder``."""
    highlighted = set(languages(text, kind)["highlighted"])
    fragment = HtmlFormatter(style=style)
    body = []
    for language, code in code_text(text, kind):
        lexer = get_lexer_by_name(language) if language in highlighted else TextLexer()
        out = io.StringIO()
        fragment.format_unencoded(lexer.get_tokens(code), out)
        body.append((0, out.getvalue()))
    page = HtmlFormatter(full=True, title=title, style=style, cssfile=cssfile or "",
                         noclobber_cssfile=not overwrite)
    out = io.StringIO()
    out.name = os.path.join(folder, "index.html")
    for _, piece in page._wrap_full(iter(body), out):
        out.write(piece)
    return out.getvalue()
