from code_view.errors import error_html, error_report, guess_language

SOURCE = "import os\n\ndef f(x:\n    return x\n\nprint(f(1))\n"


def test_languages_of_file_names():
    assert guess_language("a.py", "x") == "python"
    assert guess_language("a.pyx", "x") == "cython"
    assert guess_language("a.js", "x") == "JavaScript"
    assert guess_language("a.txt", "x") == "Text only"


def test_languages_of_files_without_an_extension():
    assert guess_language("script", "#!/usr/bin/env python3\nx") == "python"
    assert guess_language("tool", "echo hi") == "text"
    assert guess_language("Makefile", "all:") == "text"
    assert guess_language("<input>", "x") == "text"


def test_report_of_an_unclosed_bracket():
    assert error_report(SOURCE) == [
        "  1 import os", "  2", "❱ 3 def f(x:", "  4     return x", "  5", "",
        "def f(x:", "     ▲", "SyntaxError: '(' was never closed"]


def test_code_that_compiles_has_no_report():
    assert error_report("x = 1\n") is None
    assert error_html("ok = 1") is None


def test_report_without_context_lines():
    assert error_report('s = "abc\n', width=30, context=0) == [
        '❱ 1 s = "abc', "", 's = "abc', "    ▲", "SyntaxError: unterminated string literal (detected at line 1)"]


def test_context_around_a_line_in_the_middle():
    source = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\nf = (\ng = 7\n"
    assert error_report(source, context=1, width=30) == [
        "  5 e = 5", "❱ 6 f = (", "  7 g = 7", "", "f = (", "    ▲", "SyntaxError: '(' was never closed"]


def test_the_failing_line_is_not_wrapped():
    assert error_report('x = "' + "y" * 40 + "\n", width=30)[3] == 'x = "yyyyyyyyyyyyyyyyyyyyyyyyy'


def test_a_file_that_exists_is_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.py").write_text("x = (\n")
    assert error_report("x = (\n", "broken.py", width=30) == [
        "❱ 1 x = (", "  2", "", " broken.py:1", "x = (", "    ▲", "SyntaxError: '(' was never closed"]
    assert error_report("x = (\n", "missing.py", width=30)[3] == "x = ("


def test_html_report_marks_the_failing_character():
    assert error_html('s = "abc\n') == "\n".join([
        "<pre>",
        '<span class="gutter">❱ 1 </span>s = <mark title="error">&quot;</mark>abc',
        '<span class="gutter">  2 </span>',
        "</pre>",
        '<p class="error">SyntaxError: unterminated string literal (detected at line 1)</p>',
    ])


def test_html_report_of_a_longer_file():
    page = error_html(SOURCE).split("\n")
    assert page[3] == '<span class="gutter">❱ 3 </span>def f<mark title="error">(</mark>x:'
    assert page[-1] == '<p class="error">SyntaxError: &#x27;(&#x27; was never closed</p>'
    assert len(page) == 10
