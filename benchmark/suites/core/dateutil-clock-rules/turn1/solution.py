"""TZ-variable strings of our devices: the fields dateutil reads from them, and the yearly switches."""

import datetime
import warnings

from dateutil.parser._parser import DEFAULTTZPARSER
from dateutil.tz import tzstr

_RULE_FIELDS = (("month", "month"), ("week", "week"), ("weekday", "weekday"), ("year_day", "yday"),
                ("julian_day", "jyday"), ("day", "day"), ("seconds", "time"))


def _rule(attr) -> dict:
    """One switch rule of a reading, under our field names."""
    return {ours: getattr(attr, theirs) for ours, theirs in _RULE_FIELDS}


def _reading(spec: str):
    """dateutil's reading of ``spec``; ValueError when it cannot read it."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError("a TZ string is expected")
    res = DEFAULTTZPARSER.parse(spec)
    if res is None or not res.stdabbr:
        raise ValueError(f"unreadable TZ string: {spec!r}")
    return res


def read_spec(spec: str) -> dict:
    """The fields dateutil reads from a TZ-variable string (the old comma format's warning silenced)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = _reading(spec)
    return {
        "std": res.stdabbr,
        "std_offset": res.stdoffset,
        "dst": res.dstabbr,
        "dst_offset": res.dstoffset,
        "start": _rule(res.start),
        "end": _rule(res.end),
        "leftover": bool(res.any_unused_tokens),
    }


def yearly_switches(spec: str, year: int):
    """(on, off): the wall times of the year at which summer time starts and ends, both on the
    standard-time side; None for a zone without summer time."""
    res = _reading(spec)
    if not res.dstabbr:
        return None
    if res.any_unused_tokens:
        raise ValueError(f"unreadable TZ string: {spec!r}")
    zone = tzstr(spec)
    on_rule = zone._delta(res.start)
    if not on_rule:
        return None
    off_rule = zone._delta(res.end, isend=1)
    first = datetime.datetime(year, 1, 1)
    return first + on_rule, first + off_rule
