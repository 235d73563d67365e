from api_card.html import card_bundle, card_html

PRE = ("<pre style=\"white-space:pre;overflow-x:auto;line-height:normal;"
       "font-family:Menlo,'DejaVu Sans Mono',consolas,'Courier New',monospace\">")
NUMBER = '<span style="color: #008080; text-decoration-color: #008080; font-weight: bold">'
BOLD = '<span style="font-weight: bold">'
STRING = '<span style="color: #008000; text-decoration-color: #008000">'
NONE = '<span style="color: #800080; text-decoration-color: #800080; font-style: italic">'


def test_html_of_a_container_card():
    assert card_html([1, "a", None], 40) == (
        PRE + f"list: {NUMBER}3</span> items\n{BOLD}[</span>{NUMBER}1</span>, {STRING}'a'</span>, {NONE}None</span>{BOLD}]</span>\n</pre>\n")


def test_html_of_a_plain_value():
    assert card_html(42) == PRE + f"{NUMBER}42</span>\n</pre>\n"


def test_html_escapes_markup_characters_but_not_quotes():
    assert card_html('<tag> & "q"', 40) == PRE + f"{STRING}'&lt;tag&gt; &amp; \"q\"'</span>\n</pre>\n"


def test_html_of_nothing():
    assert card_html(None) == PRE + "</pre>\n"


def test_html_of_a_class_card():
    class Plain:
        """Plain."""

    html = card_html(Plain, 60)
    assert html.startswith(PRE + BOLD + "&lt;</span>")
    assert "&lt;locals&gt;" in html and "\nPlain.\n" in html


def test_bundle_of_a_container():
    bundle = card_bundle([1, "a", None], 40)
    assert list(bundle) == ["text/plain", "text/html"]
    assert bundle["text/plain"] == "\x1b[1m[\x1b[0m\x1b[1;36m1\x1b[0m, \x1b[32m'a'\x1b[0m, \x1b[3;35mNone\x1b[0m\x1b[1m]\x1b[0m\n"
    assert bundle["text/html"] == card_html([1, "a", None], 40)


def test_bundle_text_keeps_every_highlighted_piece():
    assert card_bundle('<tag> & "q"', 40)["text/plain"] == (
        "\x1b[32m'\x1b[0m\x1b[32m<\x1b[0m\x1b[32mtag\x1b[0m\x1b[32m>\x1b[0m\x1b[32m & \"q\"'\x1b[0m\n")


def test_bundle_of_a_mapping():
    assert card_bundle({"k": 1.5}, 40)["text/plain"] == "\x1b[1m{\x1b[0m\x1b[32m'k'\x1b[0m: \x1b[1;36m1.5\x1b[0m\x1b[1m}\x1b[0m\n"


def test_bundle_of_an_expanded_echo_drops_the_blank_first_line():
    plain = card_bundle(list(range(30)), 40)["text/plain"]
    assert plain.startswith("\x1b[1m[\x1b[0m\n    \x1b[1;36m0\x1b[0m,\n")
    assert plain.count("\n") == 32


def test_bundle_of_nothing():
    assert card_bundle(None) == {"text/plain": "", "text/html": PRE + "</pre>\n"}
