"""Written from Pygments' public documentation only: HtmlFormatter(full=True,
title=..., style=...) writes "a full document with the style definitions in a
<style> tag" (or, with `cssfile`, a link to that file, which it writes
"relative to the output file" unless `noclobber_cssfile` and it exists);
get_style_defs(arg) gives the CSS rules prefixed by arg; the blocks and their
languages come from turn 3."""

import io
import os

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import TextLexer, get_lexer_by_name

from doc_code.wiki import code_text, languages


def code_page(code, language="python", title="", style="default", linenos=False) -> str:
    return highlight(code, get_lexer_by_name(language),
                     HtmlFormatter(full=True, title=title, style=style, linenos="table" if linenos else False))


def document_page(text, kind="markdown", title="", style="default", folder=".", cssfile=None,
                  overwrite=True) -> str:
    highlighted = set(languages(text, kind)["highlighted"])
    formatter = HtmlFormatter(style=style)
    fragments = []
    for language, code in code_text(text, kind):
        lexer = get_lexer_by_name(language) if language in highlighted else TextLexer()
        fragments.append(highlight(code, lexer, formatter))
    head = ["<!DOCTYPE html>", "<html>", "<head>", f"  <title>{title}</title>",
            '  <meta http-equiv="content-type" content="text/html; charset=utf-8">']
    if cssfile:
        path = cssfile if os.path.isabs(cssfile) else os.path.join(folder, cssfile)
        if overwrite or not os.path.exists(path):
            with open(path, "w", encoding="utf-8") as css:
                css.write(formatter.get_style_defs("body") + "\n")
        head.append(f'  <link rel="stylesheet" href="{cssfile}" type="text/css">')
    else:
        head += ['  <style type="text/css">', formatter.get_style_defs("body"), "  </style>"]
    head += ["</head>", "<body>", f"<h2>{title}</h2>", "", ""]
    return "\n".join(head) + "".join(fragments) + "</body>\n</html>\n"
