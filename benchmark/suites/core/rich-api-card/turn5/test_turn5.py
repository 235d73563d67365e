import re

import pytest
import rich

from api_card.notebook import help_page, notebook_bundle

PRE = ("<pre style=\"white-space:pre;overflow-x:auto;line-height:normal;"
       "font-family:Menlo,'DejaVu Sans Mono',consolas,'Courier New',monospace\">")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Plain:
    """Plain."""

    size = 1

    def __repr__(self):
        return "Plain()"


Plain.__module__ = "plugins"


def test_bundle_of_a_card():
    bundle = notebook_bundle(Plain(), 40)
    assert list(bundle) == ["text/plain", "text/html"]
    lines = ANSI.sub("", bundle["text/plain"]).split("\n")
    assert lines[0] == "╭─ <class 'plugins.Plain'> ─╮"
    assert lines[1:] == [
        "│ Plain.                    │", "│                           │", "│ ╭───────────────────────╮ │",
        "│ │ Plain()               │ │", "│ ╰───────────────────────╯ │", "│                           │",
        "│ size = 1                  │", "╰───────────────────────────╯", ""]


def test_the_card_frame_is_coloured():
    plain = notebook_bundle(Plain(), 40)["text/plain"]
    assert plain.startswith("\x1b[34m╭─\x1b[0m\x1b[34m \x1b[0m\x1b[1;34m<\x1b[0m\x1b[1;95mclass\x1b[0m")
    assert plain.endswith("\x1b[34m╰───────────────────────────╯\x1b[0m\n")


def test_bundle_html():
    html = notebook_bundle(Plain(), 40)["text/html"]
    assert html.startswith(PRE + '<span style="color: #000080; text-decoration-color: #000080">╭─ </span>')
    assert html.endswith("╯</span>\n</pre>\n")


def test_include_and_exclude():
    assert list(notebook_bundle(Plain(), 40, include=["text/plain"])) == ["text/plain"]
    assert list(notebook_bundle(Plain(), 40, exclude=["text/plain"])) == ["text/html"]
    assert notebook_bundle(Plain(), 40, include=["image/png"]) == {}


def test_richs_console_is_left_as_it_was():
    before = rich.get_console().width
    notebook_bundle(Plain(), 33)
    assert rich.get_console().width == before


def test_too_narrow():
    with pytest.raises(ValueError):
        notebook_bundle(Plain(), 10)


def test_page_sections():
    page = help_page([[1, 2], Plain(), None], 40).split("\n")
    assert page[:4] == ["<!DOCTYPE html>", "<html>", "<body>", "<section><h2>list</h2>"]
    assert page[-3:] == ["</section>", "</body>", "</html>"]
    assert '<pre class="echo">[1, 2]</pre>' in page
    assert "<section><h2>Plain</h2>" in page and '<pre class="echo">Plain()</pre>' in page


def test_a_value_without_an_echo_has_no_echo_block():
    page = help_page([None], 40).split("\n")
    assert page[3:] == ["<section><h2>NoneType</h2>", PRE + "</pre>", "</section>", "</body>", "</html>"]


def test_echo_blocks_are_plain_and_escaped():
    page = help_page(["<b>"], 40)
    assert '<pre class="echo">&#x27;&lt;b&gt;&#x27;</pre>' in page
    assert "\x1b" not in page


def test_empty_page():
    assert help_page([]) == "<!DOCTYPE html>\n<html>\n<body>\n</body>\n</html>"
