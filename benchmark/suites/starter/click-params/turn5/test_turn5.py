from click_params.settings import parse_settings

SCHEMA = {
    "port": {"type": int, "aliases": ["p"], "required": True},
    "host": {"default": "localhost"},
    "level": {"choices": ["debug", "info"], "case_sensitive": False, "default": "info"},
    "workers": {"min": 1, "max": 8, "clamp": True, "default": 2},
}
NAMES = {"host": {}, "hosts": {}, "ghost": {}, "port": {}}
VERBOSE = {"verbose": {"type": bool, "aliases": ["v", "verb"]}}


def test_defaults_fill_missing_settings():
    assert parse_settings({"port": "8080"}, SCHEMA) == (
        {"port": 8080, "host": "localhost", "level": "info", "workers": 2},
        [],
    )


def test_aliases_and_conversions():
    raw = {"p": "80", "level": "DEBUG", "workers": "99", "host": "example.org"}
    assert parse_settings(raw, SCHEMA) == (
        {"port": 80, "host": "example.org", "level": "debug", "workers": 8},
        [],
    )
    assert parse_settings({"port": "1", "p": "2"}, SCHEMA) == (
        {"port": 1, "host": "localhost", "level": "info", "workers": 2},
        [],
    )


def test_missing_required_setting_lists_all_its_names():
    assert parse_settings({}, SCHEMA) == (
        {"host": "localhost", "level": "info", "workers": 2},
        ["Missing setting 'port' / 'p'."],
    )
    assert parse_settings({}, {"out": {"path": {"exists": True}, "required": True}}) == (
        {},
        ["Missing setting 'out'."],
    )


def test_invalid_values_are_reported_in_schema_order():
    assert parse_settings({"level": "trace", "port": "x"}, SCHEMA) == (
        {"host": "localhost", "workers": 2},
        [
            "Invalid value for 'port' / 'p': 'x' is not a valid integer.",
            "Invalid value for 'level': 'trace' is not one of 'debug', 'info'.",
        ],
    )


def test_boolean_with_several_aliases():
    assert parse_settings({"v": "yes"}, VERBOSE) == ({"verbose": True}, [])
    assert parse_settings({"verb": "maybe"}, VERBOSE) == (
        {},
        [
            "Invalid value for 'verbose' / 'v' / 'verb': 'maybe' is not a valid boolean. "
            "Recognized values: , 0, 1, f, false, n, no, off, on, t, true, y, yes"
        ],
    )


def test_path_errors():
    assert parse_settings({"out": "/nonexistent/zz"}, {"out": {"path": {"exists": True}}}) == (
        {},
        ["Invalid value for 'out': Path '/nonexistent/zz' does not exist."],
    )


def test_unknown_names_get_suggestions():
    raw = {"port": "1", "prot": "2", "lvl": "debug", "zzz": "1", "workres": "3"}
    assert parse_settings(raw, SCHEMA) == (
        {"port": 1, "host": "localhost", "level": "info", "workers": 2},
        [
            "No such option 'prot'. Did you mean 'port'?",
            "No such option 'lvl'. Did you mean 'level'?",
            "No such option 'zzz'.",
            "No such option 'workres'. Did you mean 'workers'?",
        ],
    )


def test_several_suggestions_are_sorted():
    assert parse_settings({"hots": "h"}, NAMES) == (
        {"host": None, "hosts": None, "ghost": None, "port": None},
        ["No such option 'hots'. (Did you mean one of: 'ghost', 'host', 'hosts'?)"],
    )


def test_optional_settings_without_default_are_none():
    assert parse_settings({"host": "h"}, NAMES) == (
        {"host": "h", "hosts": None, "ghost": None, "port": None},
        [],
    )


def test_empty_schema():
    assert parse_settings({"a": "1"}, {}) == ({}, ["No such option 'a'."])
    assert parse_settings({}, {}) == ({}, [])
