from datetime import datetime

import pytest

from markup_text.status import pulse_colors, status_lines

FADE = ["#3a3a3a", "#3e393b", "#4c383f", "#613545", "#7b334d", "#993056", "#b72c5e", "#d12a66", "#e6276c", "#f42670",
        "#f92672", "#f42670", "#e6276c", "#d12a66", "#b72c5e", "#993056", "#7b334d", "#613545", "#4c383f", "#3e393b"]
TASKS = [{"name": "copy", "completed": 5, "total": 10}, {"name": "upload", "completed": 0, "total": None},
         {"name": "zip", "completed": 3, "total": 3}]


def test_the_pulse_fades_between_the_themes_colours():
    assert pulse_colors() == [("━", color) for color in FADE]
    assert pulse_colors("standard") == pulse_colors()
    assert [char for char, _ in pulse_colors(ascii=True)] == ["-"] * 20


def test_pulse_on_terminals_without_a_fade():
    assert pulse_colors("256") == [("━", "#f92672")] * 10 + [("━", "grey23")] * 10
    assert pulse_colors(None) == pulse_colors("256")


def test_bad_colour_system():
    with pytest.raises(ValueError):
        pulse_colors("windows")
    with pytest.raises(ValueError):
        status_lines([], TASKS, colors="cga")


def test_the_log_then_the_tasks():
    records = [{"time": datetime(2026, 1, 1, 9, 30), "level": "info", "message": "copying"}]
    assert status_lines(records, TASKS, 50) == [
        "[09:30:00] INFO     copying",
        "copy   ━━━━━━━━━━  50%",
        "upload ━━━━━━━━━━━━━━━━━━━━",
        "zip    ━━━━━━━━━━━━━━━━━━━━ 100%",
    ]


def test_nothing_to_show():
    assert status_lines([], []) == []


def test_odd_progress():
    assert status_lines([], [{"name": "x", "completed": 7, "total": 0}], bar_width=5) == ["x ━━━━━ 100%"]
    assert status_lines([], [{"name": "x", "completed": -1, "total": 4}], bar_width=5) == ["x    0%"]
    assert status_lines([], [{"name": "x", "completed": 1, "total": 3}], bar_width=5) == ["x ━╸  33%"]


def test_coloured_bars():
    assert status_lines([], TASKS[:2], 50, colors="256", bar_width=6) == [
        "copy   \x1b[38;5;197m━━━\x1b[0m\x1b[38;5;237m╺━━\x1b[0m  50%",
        "upload \x1b[38;5;197m━━━━━━\x1b[0m",
    ]


def test_the_pulse_moves_with_time():
    task = [{"name": "up", "total": None}]
    assert status_lines([], task, 50, at=0.0, colors="truecolor", bar_width=4) == [
        "up \x1b[38;2;58;58;58m━\x1b[0m\x1b[38;2;62;57;59m━\x1b[0m\x1b[38;2;76;56;63m━\x1b[0m\x1b[38;2;97;53;69m━\x1b[0m"]
    assert status_lines([], task, 50, at=0.1, colors="truecolor", bar_width=4) == [
        "up \x1b[38;2;62;57;59m━\x1b[0m\x1b[38;2;58;58;58m━\x1b[0m\x1b[38;2;62;57;59m━\x1b[0m\x1b[38;2;76;56;63m━\x1b[0m"]


def test_the_pulse_on_a_16_colour_terminal():
    assert status_lines([], [{"name": "up", "total": None}], 50, at=0.1, colors="standard", bar_width=4) == [
        "up \x1b[90m━\x1b[0m\x1b[90m━\x1b[0m\x1b[90m━\x1b[0m\x1b[90m━\x1b[0m"]


def test_names_are_padded_to_the_longest():
    lines = status_lines([], [{"name": "a", "completed": 1, "total": 1}, {"name": "long name", "completed": 0, "total": 1}], bar_width=3)
    assert lines == ["a         ━━━ 100%", "long name    0%"]
