import pytest

from console_kit.pages import help_text, session_html


def test_help_on_a_lexer():
    assert help_text("lexer", "console") == (
        ('Help on the Bash Session lexer:\n'
         '\n'
         'Lexer for Bash shell sessions, i.e. command lines, including a\n'
         'prompt, interspersed with output.\n'
         '\n')
    )
    assert help_text("lexers", "psql").split("\n")[:3] == ['Help on the PostgreSQL console (psql) lexer:', '', 'Lexer for psql sessions.']


def test_help_on_a_formatter():
    assert help_text("formatter", "terminal256").split("\n")[:4] == (
        ['Help on the Terminal256 formatter:',
         '',
         'Format tokens with ANSI color sequences, for output in a 256-color',
         'terminal or console.  Like in `TerminalFormatter` color sequences']
    )
    assert help_text("formatters", "html").split("\n")[0] == 'Help on the HTML formatter:'


def test_help_on_a_filter_keeps_its_indentation():
    assert help_text("filter", "whitespace").split("\n")[:5] == (
        ['Help on the whitespace filter:',
         'Convert tabs, newlines and/or spaces to visible characters.',
         '',
         '    Options accepted:',
         '']
    )
    assert help_text("filters", "gobble")[-30:] == '.\n\n    .. versionadded:: 1.2\n\n'


def test_help_on_nothing():
    assert help_text("lexer", "no-such-language") == None
    assert help_text("filter", "nope") == None
    assert help_text("formatter", "nope") == None
    with pytest.raises(ValueError):
        help_text("style", "monokai")


def test_session_html_with_classes():
    assert session_html("$ ls\nfile\n") == ['<span class="gp">$ </span>ls', '<span class="go">file</span>']
    assert session_html("[root@box tmp]# id -u\n0\n") == ['<span class="gp">[root@box tmp]# </span>id<span class="w"> </span>-u', '<span class="go">0</span>']


def test_session_html_inline_styles():
    assert session_html("$ ls\nfile\n", inline=True) == ['<span style="color: #000080; font-weight: bold">$ </span>ls', '<span style="color: #717171">file</span>']
    assert session_html("(env) PS C:\\> dir\n", "powershell", "monokai", True) == (
        ['<span style="color: #FF4689; font-weight: bold">(env)</span> <span style="color: #FF4689; font-weight: '
         'bold">PS C:\\&gt; </span><span style="color: #A6E22E">dir</span>']
    )


def test_session_html_without_output():
    assert session_html("$ ls\nfile\n$ pwd\n/tmp\n", output=False) == ['<span class="gp">$ </span>ls', '<span class="gp">$ </span><span class="nb">pwd</span>']
    assert session_html("just output\n", output=False) == ['']


def test_session_html_multiline_strings():
    assert session_html("$ echo \"a\nb\"\na\nb\n") == (
        ['<span class="gp">$ </span><span class="nb">echo</span><span class="w"> </span><span class="s2">"a</span>',
         '<span class="go">b"</span>',
         '<span class="go">a</span>',
         '<span class="go">b</span>']
    )


def test_session_html_escapes_and_blank_lines():
    assert session_html("\n$ echo '<b>' && true\n<b>\n") == (
        ['',
         '<span class="gp">$ </span><span class="nb">echo</span><span class="w"> </span><span '
         'class="s1">\'&lt;b&gt;\'</span><span class="w"> </span><span class="o">&amp;&amp;</span><span class="w"> '
         '</span><span class="nb">true</span>',
         '<span class="go">&lt;b&gt;</span>']
    )
    assert session_html("C:\\> type a.txt\n\n", "dos") == ['<span class="gp">C:\\&gt;</span> <span class="k">type</span> a.txt', '']


def test_session_html_unknown_shell():
    with pytest.raises(ValueError):
        session_html("$ ls\n", "fish")
    with pytest.raises(ValueError):
        session_html("$ ls\n", "fish", output=False)
