import io
import os
import sys

import pytest

from click_appfiles.reader import read_config, read_configs


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    folder = tmp_path / ".config" / "my-app"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.toml").write_bytes(b"a = 1\n")
    (folder / "b.toml").write_bytes(b"b = 2")
    (folder / "latin.ini").write_bytes(b"caf\xe9 = 1\n")
    return tmp_path


def rel(home, texts):
    return {name.replace(str(home), "~"): text for name, text in texts.items()}


def test_read_one_file(home):
    assert read_config(str(home / ".config" / "my-app" / "a.toml")) == "a = 1\n"


def test_read_with_an_encoding(home):
    assert read_config(str(home / ".config" / "my-app" / "latin.ini"), "latin-1") == "café = 1\n"


def test_decoding_errors_are_not_hidden(home):
    with pytest.raises(UnicodeDecodeError):
        read_config(str(home / ".config" / "my-app" / "latin.ini"), "utf-8")


def test_dash_reads_standard_input_and_leaves_it_open(monkeypatch):
    stdin = io.StringIO("from stdin\n")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert read_config("-") == "from stdin\n"
    assert not stdin.closed


def test_read_all_matches(home):
    assert rel(home, read_configs("My App", ["*.toml"])) == {
        "~/.config/my-app/a.toml": "a = 1\n",
        "~/.config/my-app/b.toml": "b = 2",
    }


def test_names_are_made_printable(home):
    folder = os.fsencode(home / ".config" / "my-app")
    with open(folder + b"/caf\xe9.toml", "wb") as f:
        f.write(b"x = 1\n")
    assert rel(home, read_configs("My App", ["caf*"])) == {"~/.config/my-app/caf\ufffd.toml": "x = 1\n"}


def test_errors_propagate_without_a_handler(home):
    with pytest.raises(FileNotFoundError):
        read_configs("My App", ["a.toml", "missing.toml"])


def test_handler_gets_unreadable_paths_and_they_are_skipped(home):
    seen = []
    texts = read_configs(
        "My App",
        ["a.toml", "missing.toml", "sub", "b.toml"],
        on_error=lambda path, exc: seen.append((path.replace(str(home), "~"), type(exc).__name__, exc.strerror)),
    )
    assert rel(home, texts) == {"~/.config/my-app/a.toml": "a = 1\n", "~/.config/my-app/b.toml": "b = 2"}
    assert seen == [
        ("~/.config/my-app/missing.toml", "FileNotFoundError", "No such file or directory"),
        ("~/.config/my-app/sub", "IsADirectoryError", "Is a directory"),
    ]


def test_portable_folder(home):
    (home / ".my-app").mkdir()
    (home / ".my-app" / "p.toml").write_text("p = 0\n")
    assert rel(home, read_configs("My App", ["*.toml"], True)) == {"~/.my-app/p.toml": "p = 0\n"}


def test_no_patterns(home):
    assert read_configs("My App", []) == {}
