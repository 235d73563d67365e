import io
import sys

import pytest

from click_appfiles.errors import load_configs, report_error


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    folder = tmp_path / ".config" / "my-app"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.toml").write_bytes(b"a = 1\n")
    (folder / "b.toml").write_bytes(b"b = 2")
    return tmp_path


def reported(path, error):
    out = io.StringIO()
    report_error(path, error, out)
    return out.getvalue()


def test_report_missing_file():
    assert reported("x.toml", FileNotFoundError(2, "No such file or directory")) == (
        "Error: Could not open file 'x.toml': No such file or directory\n"
    )


def test_report_without_a_reason():
    assert reported("x.txt", OSError("boom")) == "Error: Could not open file 'x.txt': unknown error\n"


def test_report_quotes_names_like_python():
    assert reported("it's.txt", PermissionError(13, "Permission denied")) == (
        "Error: Could not open file \"it's.txt\": Permission denied\n"
    )


def test_report_makes_names_printable():
    assert reported("caf\udce9.txt", FileNotFoundError(2, "No such file or directory")) == (
        "Error: Could not open file 'caf\ufffd.txt': No such file or directory\n"
    )


def test_report_goes_to_standard_error_by_default(capsys):
    report_error("gone.txt", FileNotFoundError(2, "No such file or directory"))
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "Error: Could not open file 'gone.txt': No such file or directory\n"


def test_load_skips_and_reports_unreadable_files(home):
    err = io.StringIO()
    texts = load_configs("My App", ["a.toml", "missing.toml", "sub", "b.toml"], err)
    assert {k.replace(str(home), "~"): v for k, v in texts.items()} == {
        "~/.config/my-app/a.toml": "a = 1\n",
        "~/.config/my-app/b.toml": "b = 2",
    }
    assert err.getvalue().replace(str(home), "~") == (
        "Error: Could not open file '~/.config/my-app/missing.toml': No such file or directory\n"
        "Error: Could not open file '~/.config/my-app/sub': Is a directory\n"
    )


def test_load_without_problems_reports_nothing(home):
    err = io.StringIO()
    texts = load_configs("My App", ["*.toml"], err)
    assert sorted(k.replace(str(home), "~") for k in texts) == ["~/.config/my-app/a.toml", "~/.config/my-app/b.toml"]
    assert err.getvalue() == ""


def test_load_reports_to_standard_error_by_default(home, capsys):
    assert load_configs("My App", ["none.toml"]) == {}
    captured = capsys.readouterr()
    assert captured.err.replace(str(home), "~") == (
        "Error: Could not open file '~/.config/my-app/none.toml': No such file or directory\n"
    )


def test_load_portable_folder(home):
    err = io.StringIO()
    assert load_configs("My App", ["*.toml"], err, portable=True) == {}
    assert err.getvalue().replace(str(home), "~") == (
        "Error: Could not open file '~/.my-app/*.toml': No such file or directory\n"
    )


def test_report_escapes_control_characters():
    assert reported("two\nlines.txt", FileNotFoundError(2, "No such file or directory")) == (
        "Error: Could not open file 'two\\nlines.txt': No such file or directory\n"
    )
