import pytest
from pygments.style import Style
from pygments.token import Keyword

from console_kit.sessions import render_session, split_session

LOG = """$ ls -l
total 0
(venv) user@host:~/src$ echo a \\
> b
a b
# whoami
root
"""


class Plain(Style):
    styles = {Keyword: "bold #ff0000"}


def test_bash_prompts_and_output():
    assert split_session("$ ls\nfile\n") == [('prompt', '$ '), ('input', 'ls\n'), ('output', 'file\n')]
    assert split_session("user@host:~$ pwd\n/home\n") == [('prompt', 'user@host:~$ '), ('input', 'pwd\n'), ('output', '/home\n')]


def test_a_whole_transcript():
    assert split_session(LOG) == (
        [('prompt', '$ '),
         ('input', 'ls -l\n'),
         ('output', 'total 0\n'),
         ('prompt', '(venv)'),
         ('input', ' '),
         ('prompt', 'user@host:~/src$ '),
         ('input', 'echo a \\\n'),
         ('prompt', '> '),
         ('input', 'b\n'),
         ('output', 'a b\n'),
         ('prompt', '# '),
         ('input', 'whoami\n'),
         ('output', 'root\n')]
    )
    assert ("".join(text for _, text in split_session(LOG))) == '$ ls -l\ntotal 0\n(venv) user@host:~/src$ echo a \\\n> b\na b\n# whoami\nroot\n'


def test_lone_prompt_and_stray_continuation():
    assert split_session("$\n> not a continuation\n") == [('prompt', '$\n'), ('output', '> not a continuation\n')]
    assert split_session("no prompt here\n") == [('output', 'no prompt here\n')]


def test_root_and_bracketed_prompts():
    assert split_session("[root@box tmp]# id -u\n0\n") == [('prompt', '[root@box tmp]# '), ('input', 'id -u\n'), ('output', '0\n')]
    assert split_session("% date\n") == [('prompt', '% '), ('input', 'date\n')]


def test_other_shells():
    assert split_session("C:\\> echo hi\nhi\n", "dos") == [('prompt', 'C:\\>'), ('input', ' echo hi\n'), ('output', 'hi\n')]
    assert split_session("PS C:\\> dir\n  out\nPS C:\\> \n", "powershell") == [('prompt', 'PS C:\\> '), ('input', 'dir\n'), ('output', '  out\n'), ('prompt', 'PS C:\\> '), ('input', '\n')]
    assert split_session("> ls\nx\n", "tcsh") == [('output', '> ls\nx\n')]


def test_unknown_shell_and_empty():
    with pytest.raises(ValueError):
        split_session("$ ls\n", "fish")
    assert split_session("") == []
    with pytest.raises(ValueError):
        render_session("$ ls\n", "zsh")


def test_render_default_style():
    assert render_session("$ ls\nfile\n") == '\x1b[38;5;18;01m$ \x1b[39;00mls\n\x1b[38;5;242mfile\x1b[39m\n'
    assert render_session("$ echo 'x'\n", truecolor=True) == (
        ('\x1b[38;2;0;0;128;01m$ \x1b[39;00m\x1b[38;2;0;128;0mecho\x1b[39m\x1b[38;2;187;187;187m '
         "\x1b[39m\x1b[38;2;186;33;33m'x'\x1b[39m\n")
    )


def test_render_without_output():
    assert render_session("$ ls\nfile\n", output=False, style="monokai") == '\x1b[38;5;204;01m$ \x1b[39;00m\x1b[38;5;255mls\x1b[39m\n'
    assert render_session("out only\n", output=False) == ''


def test_render_prompt_falls_back_to_keywords():
    assert render_session("# id\nroot\n", style=Plain) == '\x1b[38;5;9;01m# \x1b[39;00mid\nroot\n'
    assert render_session("(env) $ x\n", style=Plain) == '\x1b[38;5;9;01m(env)\x1b[39;00m \x1b[38;5;9;01m$ \x1b[39;00mx\n'


def test_render_keeps_the_text_as_given():
    assert render_session("\n$ ls\n\n", style=Plain) == '\n\x1b[38;5;9;01m$ \x1b[39;00mls\n\n'
    assert render_session("C:\\> dir\n", "dos") == '\x1b[38;5;18;01mC:\\>\x1b[39;00m \x1b[38;5;28;01mdir\x1b[39;00m\n'
