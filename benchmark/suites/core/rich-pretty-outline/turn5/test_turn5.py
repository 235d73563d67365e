from collections import namedtuple
from dataclasses import dataclass, field

import pytest

from pretty_dump.report import state_report


@dataclass
class Conn:
    host: str
    port: int
    token: str
    pool: list = field(default_factory=list)


OLD = Conn("db.local", 5432, "tok-abc123", [1, 2])
NEW = Conn("db.local", 5433, "tok-xyz789", [1, 2, 3])


def test_a_report_on_a_record_with_a_secret():
    assert state_report(OLD, NEW, 40, 12, (r"tok-\w+",)) == [
        "changed: port, token, pool",
        "--- Conn(host='db.local', port=5432, token=…",
        "+++ Conn(host='db.local', port=5433, token=…",
        "  Conn(",
        "      host='db.local',",
        "-     port=5432,",
        "+     port=5433,",
        "-     token='***',",
        "+     token='***',",
        "-     pool=[1, 2]",
        "+     pool=[1, 2, 3]",
        "  )",
        "",
        "now:",
        "# Conn(host='db.local', port=5433, token=…",
        "Conn(",
        "    host='db.local',",
        "    port=5433,",
        "    token='***',",
        "    pool=[1, 2, 3]",
        ")",
    ]


def test_nothing_changed_and_a_short_outline():
    assert state_report(OLD, OLD, 40, 3) == [
        "changed: nothing",
        "--- Conn(host='db.local', port=5432, token=…",
        "+++ Conn(host='db.local', port=5432, token=…",
        "  Conn(",
        "      host='db.local',",
        "      port=5432,",
        "      token='tok-abc123',",
        "      pool=[1, 2]",
        "  )",
        "",
        "now:",
        "# Conn(host='db.local', port=5432, token=…",
        "Conn(...)",
    ]


def test_no_changed_line_for_other_objects():
    lines = state_report({"k": 1}, {"k": 2}, 30)
    assert lines == ["--- {'k': 1}", "+++ {'k': 2}", "- {'k': 1}", "+ {'k': 2}", "", "now:", "# {'k': 2}", "{'k': 2}"]


def test_no_changed_line_for_records_of_different_types():
    point = namedtuple("Point", "x y")
    lines = state_report(point(1, 2), (1, 2), 30)
    assert lines[0] == "--- Point(x=1, y=2)"


def test_secret_patterns_take_the_leftmost_match():
    assert state_report({"k": "abc"}, {"k": "abd"}, 30, secrets=("bc", "ab")) == [
        "--- {'k': '***c'}", "+++ {'k': '***d'}", "- {'k': '***c'}", "+ {'k': '***d'}", "", "now:",
        "# {'k': '***d'}", "{'k': '***d'}"]


def test_each_pattern_masks_what_it_matches():
    lines = state_report({"a": "x1", "b": "y2"}, {"a": "x1", "b": "y3"}, 40, secrets=(r"x\d", r"y\d"))
    assert lines[-1] == "{'a': '***', 'b': '***'}"


def test_without_secrets_nothing_is_masked():
    assert "+     token='tok-xyz789'," in state_report(OLD, NEW, 40)


def test_the_outline_fits_in_the_lines_given():
    lines = state_report([[1, [2, [3]]]], [[1, [2, [4, 5, 6]]]], 20, 4)
    assert lines[lines.index("now:") + 1:] == ["# [1 item]", "[[1, [2, [...]]]]"]


def test_narrow_reports_are_refused():
    with pytest.raises(ValueError):
        state_report(1, 2, 19)


def test_bad_secret_patterns_are_refused():
    with pytest.raises(ValueError):
        state_report(1, 2, 40, secrets=("(",))
