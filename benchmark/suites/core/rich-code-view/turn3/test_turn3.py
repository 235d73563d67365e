from code_view.listing import listing_html, listing_lines, token_colors

CODE = "def f(x):\n    return x + 1\n"


def test_a_plain_listing_keeps_the_blank_last_line():
    assert listing_lines(CODE) == ["def f(x):", "    return x + 1", ""]
    assert listing_lines("x = 1", width=10) == ["x = 1"]


def test_numbered_listing_with_a_highlighted_line():
    assert listing_lines(CODE, numbers=True) == ["  1 def f(x):", "  2     return x + 1", "  3"]
    assert listing_lines(CODE, numbers=True, highlight=[2]) == ["  1 def f(x):", "❱ 2     return x + 1", "  3"]
    assert listing_lines(CODE, numbers=True, first_line=99) == ["   99 def f(x):", "  100     return x + 1", "  101"]


def test_narrow_listings_crop_unless_wrapped():
    assert listing_lines(CODE, width=12) == ["def f(x):", "    return x", ""]
    assert listing_lines(CODE, width=12, wrap=True) == ["def f(x):", "    return x", "+ 1", ""]
    assert listing_lines(CODE, width=16, numbers=True, wrap=True) == ["  1 def f(x):", "  2     return x", "    + 1", "  3"]


def test_a_range_of_lines():
    assert listing_lines(CODE, lines=(2, 2), numbers=True) == ["  2     return x + 1"]
    assert listing_lines(CODE, lines=(5, 9)) == []


def test_indent_guides():
    assert listing_lines(CODE, guides=True) == ["def f(x):", "│   return x + 1", ""]
    assert listing_lines("if a:\n    if b:\n        c()\n", guides=True) == ["if a:", "│   if b:", "│   │   c()", ""]


def test_empty_code():
    assert listing_lines("", numbers=True) == ["  1"]
    assert listing_lines("\n") == ["", ""]


def test_html_with_marks_across_lines_and_a_highlighted_line():
    assert listing_html(CODE, [("bold", (1, 4), (1, 5)), ("red", (1, 8), (2, 10))], highlight=[2]) == "\n".join([
        '<pre style="background:#272822">',
        '<span class="gutter" style="color:#656660">  1 </span>def <mark title="bold">f</mark>(x)<mark title="red">:</mark>',
        '<span class="gutter" style="color:#e3e3dd">❱ 2 </span><mark title="red">    return</mark> x + 1',
        '<span class="gutter" style="color:#656660">  3 </span>',
        "</pre>",
    ])


def test_html_escapes_and_overlapping_marks():
    assert listing_html("a\n<b>", [("u", (2, 0), (2, 3)), ("i", (2, 1), (2, 2))]) == "\n".join([
        '<pre style="background:#272822">',
        '<span class="gutter" style="color:#656660">  1 </span>a',
        '<span class="gutter" style="color:#656660">  2 </span><mark title="u">&lt;b&gt;</mark>',
        "</pre>",
    ])
    out = listing_html("\tx = 1\ny", [("b", (1, 1), (1, 2)), ("a", (1, 0), (1, 1))])
    assert out.split("\n")[1] == '<span class="gutter" style="color:#656660">  1 </span><mark title="a">\t</mark><mark title="b">x</mark> = 1'


def test_html_backgrounds():
    assert listing_html("a < b", theme="ansi_dark") == '<pre>\n<span class="gutter">  1 </span>a &lt; b\n</pre>'
    assert listing_html("x", background="red").split("\n")[0] == '<pre style="background:red">'
    assert listing_html("x", background="default").split("\n")[0] == "<pre>"
    assert listing_html("x", theme="default").split("\n")[:2] == ['<pre style="background:#f8f8f8">', '<span class="gutter" style="color:#adadad">  1 </span>x']


def test_html_of_empty_code():
    assert listing_html("", [("x", (1, 0), (1, 1))]) == '<pre style="background:#272822">\n<span class="gutter" style="color:#656660">  1 </span>\n</pre>'


def test_token_colours_of_the_terminal_themes():
    assert token_colors("x = 1  # hi", theme="ansi_dark") == [("x = ", None), ("1", "bright_blue"), ("  # hi", None), ("\n", "bright_black")]
    assert token_colors('x = "s"', theme="ansi_light") == [("x = ", None), ('"s"', "yellow"), ("\n", "white")]
    assert token_colors('{"a": 1}', lexer="json", theme="ansi_dark") == [
        ("{", None), ('"a"', "bright_blue"), (":", None), (" ", "bright_black"), ("1", "bright_blue"), ("}", None), ("\n", "bright_black")]


def test_token_colours_of_a_plain_lexer_and_an_unknown_one():
    assert token_colors("a b", lexer="text") == [("a b\n", "#f8f8f2")]
    assert token_colors("a b", lexer="nosuchlexer") == [("a b", None)]
    assert token_colors("", theme="ansi_dark") == [("\n", "bright_black")]
