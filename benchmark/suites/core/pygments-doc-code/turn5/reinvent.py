"""Whole HTML pages of a document's code, as Pygments' HTML output writes a complete page."""

import io
import os

from pygments.formatters.html import CSSFILE_TEMPLATE, DOC_FOOTER, DOC_HEADER, DOC_HEADER_EXTERNALCSS, HtmlFormatter
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
    page = HtmlFormatter(full=True, title=title, style=style)
    out = io.StringIO()
    if cssfile:
        path = cssfile if os.path.isabs(cssfile) else os.path.join(os.path.dirname(os.path.join(folder, "index.html")), cssfile)
        if not os.path.exists(path) or overwrite:
            with open(path, "w", encoding="utf-8") as css:
                css.write(CSSFILE_TEMPLATE % {"styledefs": page.get_style_defs("body")})
        out.write(DOC_HEADER_EXTERNALCSS % {"title": title, "cssfile": cssfile, "encoding": page.encoding})
    else:
        out.write(DOC_HEADER % {"title": title, "styledefs": page.get_style_defs("body"), "encoding": page.encoding})
    for _, piece in body:
        out.write(piece)
    out.write(DOC_FOOTER)
    return out.getvalue()
