import sys

import pytest

from click_appfiles.search import find_configs


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    folder = tmp_path / ".config" / "my-app"
    (folder / "conf.d" / "deep").mkdir(parents=True)
    for name in ["b.toml", "a.toml", "c.ini", ".hidden.toml", "conf.d/x.toml", "conf.d/deep/y.toml"]:
        (folder / name).write_text("")
    (tmp_path / ".my-app").mkdir()
    (tmp_path / ".my-app" / "p.toml").write_text("")
    return tmp_path


def rel(home, paths):
    return [p.replace(str(home), "~") for p in paths]


def test_matches_of_a_pattern_are_sorted(home):
    assert rel(home, find_configs("My App", ["*.toml"])) == ["~/.config/my-app/a.toml", "~/.config/my-app/b.toml"]


def test_patterns_keep_their_order(home):
    assert rel(home, find_configs("My App", ["*.ini", "*.toml", "a.toml"])) == [
        "~/.config/my-app/c.ini",
        "~/.config/my-app/a.toml",
        "~/.config/my-app/b.toml",
        "~/.config/my-app/a.toml",
    ]


def test_unmatched_patterns_are_kept(home):
    assert rel(home, find_configs("My App", ["missing.cfg", "nope*.x"])) == [
        "~/.config/my-app/missing.cfg",
        "~/.config/my-app/nope*.x",
    ]


def test_double_star_is_recursive(home):
    assert rel(home, find_configs("My App", ["**/*.toml"])) == [
        "~/.config/my-app/a.toml",
        "~/.config/my-app/b.toml",
        "~/.config/my-app/conf.d/deep/y.toml",
        "~/.config/my-app/conf.d/x.toml",
    ]
    assert rel(home, find_configs("My App", ["conf.d/**"])) == [
        "~/.config/my-app/conf.d/",
        "~/.config/my-app/conf.d/deep",
        "~/.config/my-app/conf.d/deep/y.toml",
        "~/.config/my-app/conf.d/x.toml",
    ]


def test_star_skips_hidden_files(home):
    assert rel(home, find_configs("My App", ["*"])) == [
        "~/.config/my-app/a.toml",
        "~/.config/my-app/b.toml",
        "~/.config/my-app/c.ini",
        "~/.config/my-app/conf.d",
    ]
    assert rel(home, find_configs("My App", [".*"])) == ["~/.config/my-app/.hidden.toml"]


def test_environment_variables_are_expanded(home, monkeypatch):
    monkeypatch.delenv("NOPE_VAR", raising=False)
    assert rel(home, find_configs("My App", ["$HOME/x", "${NOPE_VAR}/y"])) == [
        "~/.config/my-app/~/x",
        "~/.config/my-app/${NOPE_VAR}/y",
    ]


def test_absolute_pattern_leaves_the_folder(home):
    assert rel(home, find_configs("My App", [str(home / ".my-app" / "*.toml")])) == ["~/.my-app/p.toml"]


def test_portable_folder(home):
    assert rel(home, find_configs("My App", ["*.toml"], True)) == ["~/.my-app/p.toml"]
    assert find_configs("My App", []) == []


def test_unexpanded_config_home_is_expanded(home, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", "$HOME/.config")
    assert rel(home, find_configs("My App", ["a.*"])) == ["~/.config/my-app/a.toml"]
    monkeypatch.setenv("XDG_CONFIG_HOME", "~/.config")
    assert rel(home, find_configs("My App", ["a.*"])) == ["~/.config/my-app/a.toml"]


def test_invalid_pattern_is_kept(home):
    assert rel(home, find_configs("My App", ["[z-a].toml"])) == ["~/.config/my-app/[z-a].toml"]
