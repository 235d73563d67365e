"""TZ-variable strings of our devices: the fields dateutil reads from them, and the yearly switches."""

import datetime
import warnings

from dateutil.parser._parser import DEFAULTTZPARSER
from dateutil import relativedelta
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


def _yearly_rule(zone, x, isend=0):
    kwargs = {}
    if x.month is not None:
        kwargs["month"] = x.month
        if x.weekday is not None:
            kwargs["weekday"] = relativedelta.weekday(x.weekday, x.week)
            kwargs["day"] = 1 if x.week > 0 else 31
        elif x.day:
            kwargs["day"] = x.day
    elif x.yday is not None:
        kwargs["yearday"] = x.yday
    elif x.jyday is not None:
        kwargs["nlyearday"] = x.jyday
    if not kwargs:
        if not isend:
            kwargs.update(month=4, day=1, weekday=relativedelta.SU(+1))
        else:
            kwargs.update(month=10, day=31, weekday=relativedelta.SU(-1))
    kwargs["seconds"] = x.time if x.time is not None else 7200
    if isend:
        delta = zone._dst_offset - zone._std_offset
        kwargs["seconds"] -= delta.seconds + delta.days * 86400
    return relativedelta.relativedelta(**kwargs)


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
    on_rule = _yearly_rule(zone, res.start)
    if not on_rule:
        return None
    off_rule = _yearly_rule(zone, res.end, isend=1)
    first = datetime.datetime(year, 1, 1)
    return first + on_rule, first + off_rule
