import io
import sys

import pytest

from click_appfiles.show import print_configs


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    folder = tmp_path / ".config" / "my-app"
    folder.mkdir(parents=True)
    (folder / "a.toml").write_bytes(b"a = 1\n")
    (folder / "b.toml").write_bytes(b"b = 2")
    (folder / "c.ini").write_bytes(b'c = "\x1b[31mred\x1b[0m"\n')
    (folder / "empty.cfg").write_bytes(b"")
    return tmp_path


def run(home, patterns, out=None, **kwargs):
    out = io.StringIO() if out is None else out
    err = io.StringIO()
    count = print_configs("My App", patterns, file=out, err=err, **kwargs)
    return count, out.getvalue().replace(str(home), "~"), err.getvalue().replace(str(home), "~")


def test_plain_output_when_not_a_terminal(home):
    assert run(home, ["*.toml"]) == (
        2,
        "~/.config/my-app/a.toml\na = 1\n~/.config/my-app/b.toml\nb = 2\n",
        "",
    )


def test_forced_color_keeps_bold_headings(home):
    assert run(home, ["*.toml"], color=True) == (
        2,
        "\x1b[1m~/.config/my-app/a.toml\x1b[0m\na = 1\n\x1b[1m~/.config/my-app/b.toml\x1b[0m\nb = 2\n",
        "",
    )


def test_terminal_gets_styles(home):
    assert run(home, ["*.toml"], out=Terminal()) == (
        2,
        "\x1b[1m~/.config/my-app/a.toml\x1b[0m\na = 1\n\x1b[1m~/.config/my-app/b.toml\x1b[0m\nb = 2\n",
        "",
    )


def test_color_false_strips_even_on_a_terminal(home):
    assert run(home, ["*.toml"], out=Terminal(), color=False) == (
        2,
        "~/.config/my-app/a.toml\na = 1\n~/.config/my-app/b.toml\nb = 2\n",
        "",
    )


def test_styles_inside_files_are_stripped_too(home):
    assert run(home, ["c.ini"]) == (1, '~/.config/my-app/c.ini\nc = "red"\n', "")


def test_styles_inside_files_kept_with_color(home):
    assert run(home, ["c.ini"], color=True) == (
        1,
        '\x1b[1m~/.config/my-app/c.ini\x1b[0m\nc = "\x1b[31mred\x1b[0m"\n',
        "",
    )


def test_empty_file_prints_an_empty_line(home):
    assert run(home, ["empty.cfg"]) == (1, "~/.config/my-app/empty.cfg\n\n", "")


def test_unreadable_files_are_reported_and_not_counted(home):
    assert run(home, ["x.toml", "a.toml"]) == (
        1,
        "~/.config/my-app/a.toml\na = 1\n",
        "Error: Could not open file '~/.config/my-app/x.toml': No such file or directory\n",
    )


def test_nothing_to_print(home):
    assert run(home, []) == (0, "", "")


def test_standard_output_by_default(home, capsys):
    assert print_configs("My App", ["a.toml"]) == 1
    captured = capsys.readouterr()
    assert captured.out.replace(str(home), "~") == "~/.config/my-app/a.toml\na = 1\n"
    assert captured.err == ""
