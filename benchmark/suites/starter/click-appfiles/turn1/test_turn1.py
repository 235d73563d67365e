import sys

import pytest

from click_appfiles.dirs import app_dir


@pytest.fixture(autouse=True)
def linux_home(monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", "/home/u")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)


def test_default_config_home():
    assert app_dir("tool") == "/home/u/.config/tool"


def test_name_becomes_lower_case_with_dashes():
    assert app_dir("My App") == "/home/u/.config/my-app"


def test_whitespace_runs_collapse_and_edges_vanish():
    assert app_dir("  Foo\tBar  Baz ") == "/home/u/.config/foo-bar-baz"


def test_non_ascii_names_are_lowered():
    assert app_dir("ÄPFEL Tool") == "/home/u/.config/äpfel-tool"


def test_portable_folder_is_a_dot_folder_in_home():
    assert app_dir("My App", portable=True) == "/home/u/.my-app"
    assert app_dir("  Foo\tBar  Baz ", True) == "/home/u/.foo-bar-baz"


def test_xdg_config_home_is_used_verbatim(monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", "~/cfg")
    assert app_dir("X Y") == "~/cfg/x-y"
    monkeypatch.setenv("XDG_CONFIG_HOME", "/etc/xdg/")
    assert app_dir("X Y") == "/etc/xdg/x-y"


def test_empty_xdg_config_home_gives_a_relative_folder(monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", "")
    assert app_dir("My App") == "my-app"


def test_portable_ignores_xdg_config_home(monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", "/etc/xdg")
    assert app_dir("My App", portable=True) == "/home/u/.my-app"


def test_macos_keeps_the_name(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    assert app_dir("My App") == "/home/u/Library/Application Support/My App"


def test_macos_portable(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    assert app_dir("My App", True) == "/home/u/.my-app"
