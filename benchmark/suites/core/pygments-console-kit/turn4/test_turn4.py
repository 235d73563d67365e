import pytest

from console_kit.catalog import catalog, catalog_text, style_samples, style_summary


def test_lexer_entries():
    assert catalog(["lexers"])["lexers"]["Bash Session"] == (
        {'aliases': ['console', 'shell-session'],
         'filenames': ['*.sh-session', '*.shell-session'],
         'mimetypes': ['application/x-shell-session', 'application/x-sh-session']}
    )
    assert list(catalog(["lexer"])) == ['lexers']


def test_formatter_descriptions_are_first_paragraphs():
    assert catalog(["formatter"])["formatters"]["Terminal256"] == (
        {'aliases': ['terminal256', 'console256', '256'],
         'filenames': [],
         'doc': 'Format tokens with ANSI color sequences, for output in a 256-color terminal or console.  Like in '
                '`TerminalFormatter` color sequences are terminated at newlines, so that paging the output works '
                'correctly.'}
    )
    assert catalog(["formatters"])["formatters"]["HTML"]["doc"] == (
        ('Format tokens as HTML 4 ``<span>`` tags. By default, the content is enclosed in a ``<pre>`` tag, itself '
         "wrapped in a ``<div>`` tag (but see the `nowrap` option). The ``<div>``'s CSS class can be set by the "
         '`cssclass` option.')
    )


def test_filters_and_styles():
    assert catalog(["filter", "style"])["filters"]["whitespace"] == {'doc': 'Convert tabs, newlines and/or spaces to visible characters.'}
    assert catalog(["style"])["styles"]["monokai"] == {'doc': 'This style mimics the Monokai color scheme.'}
    assert catalog(["style"])["styles"]["bw"] == {'doc': ''}
    assert list(catalog(["style", "filter"])) == ['filters', 'styles']


def test_unknown_kind():
    with pytest.raises(ValueError):
        catalog(["lexer", "colour"])
    with pytest.raises(ValueError):
        catalog_text("themes")
    assert sorted(catalog()) == ['filters', 'formatters', 'lexers', 'styles']


def test_style_listing_text():
    assert catalog_text("styles").split("\n")[:6] == ['', 'Styles:', '~~~~~~~', '* abap:', '    ', '* algol:']
    assert catalog_text("style").split("\n")[7:9] == ['* algol_nu:', '    ']


def test_formatter_listing_text():
    assert ([line for line in catalog_text("formatter").split("\n") if "Terminal" in line or "terminal" in line][:4]) == (
        ['* terminal, console:',
         '* terminal16m, console16m, 16m:',
         '    Format tokens with ANSI color sequences, for output in a true-color terminal or console.  Like in '
         '`TerminalFormatter` color sequences are terminated at newlines, so that paging the output works '
         'correctly. ',
         '* terminal256, console256, 256:']
    )
    assert catalog_text("formatters").split("\n")[:5] == (
        ['',
         'Formatters:',
         '~~~~~~~~~~~',
         '* bbcode, bb:',
         '    Format tokens with BBcodes. These formatting codes are used by many bulletin boards, so you can '
         'highlight your sourcecode with pygments before posting it there. ']
    )


def test_lexer_listing_text():
    assert catalog_text("lexer").startswith("\nLexers:\n~~~~~~~\n* ") == True
    assert catalog_text("lexer").split("\n")[catalog_text("lexer").split("\n").index("* console, shell-session:") + 1] == '    Bash Session (filenames *.sh-session, *.shell-session)'
    assert catalog_text("filter").split("\n")[:5] == ['', 'Filters:', '~~~~~~~~', '* codetagify:', '    Highlight special code tags in comments and docstrings.']


def test_style_samples():
    assert style_samples("x = 1\n", styles=["bw", "monokai"]) == (
        {'bw': 'x = 1\n',
         'monokai': '\x1b[38;5;255mx\x1b[39m\x1b[38;5;255m \x1b[39m\x1b[38;5;204m=\x1b[39m\x1b[38;5;255m '
                    '\x1b[39m\x1b[38;5;141m1\x1b[39m\n'}
    )
    assert style_samples("SELECT 1;", "postgresql", True, ["default"]) == (
        {'default': '\x1b[38;2;0;128;0;01mSELECT\x1b[39;00m\x1b[38;2;187;187;187m '
                    '\x1b[39m\x1b[38;2;102;102;102m1\x1b[39m;\n'}
    )


def test_style_samples_cover_the_catalogue():
    assert list(style_samples("x", styles=None))[:4] == ['abap', 'algol', 'algol_nu', 'arduino']
    assert style_samples("", styles=["vim"]) == {'vim': '\n'}


def test_style_summary():
    assert style_summary(["default", "monokai", "bw"]) == (
        [('default', 67, 'The default style (inspired by Emacs 22).'),
         ('monokai', 80, 'This style mimics the Monokai color scheme.'),
         ('bw', 37, '')]
    )
    assert style_summary()[:3] == [('abap', 58, ''), ('algol', 41, ''), ('algol_nu', 41, '')]
