"""Written from dateutil's documentation only (tzstr, tzrange and the GNU TZ variable format).

TZ-variable strings of our devices: the fields dateutil reads from them, and the yearly switches."""

import re

from dateutil.tz import tzstr

_NAME = r"([A-Za-z]{3,})"
_OFFSET = r"([+-]?\d{1,2}(?::\d{2}){0,2})?"
_PATTERN = re.compile(_NAME + _OFFSET + "(?:" + _NAME + _OFFSET + ")?(?:,([^,]*),([^,]*))?(.*)$")


def _seconds(text):
    sign = -1 if text.startswith("-") else 1
    parts = [int(p) for p in text.lstrip("+-").split(":")]
    parts += [0] * (3 - len(parts))
    return sign * (parts[0] * 3600 + parts[1] * 60 + parts[2])


def _rule(text):
    rule = dict.fromkeys(("month", "week", "weekday", "year_day", "julian_day", "day", "seconds"))
    if not text:
        return rule
    date, _, time = text.partition("/")
    if time:
        rule["seconds"] = _seconds(time)
    if date.startswith("M"):
        rule["month"], rule["week"], rule["weekday"] = (int(p) for p in date[1:].split("."))
    elif date.startswith("J"):
        rule["julian_day"] = int(date[1:])
    else:
        rule["year_day"] = int(date)
    return rule


def read_spec(spec: str) -> dict:
    match = _PATTERN.match(spec or "")
    if not match:
        raise ValueError(f"unreadable TZ string: {spec!r}")
    std, std_off, dst, dst_off, start, end, rest = match.groups()
    return {
        "std": std,
        # POSIX offsets count west of UTC
        "std_offset": -_seconds(std_off) if std_off else None,
        "dst": dst,
        "dst_offset": -_seconds(dst_off) if dst_off else None,
        "start": _rule(start),
        "end": _rule(end),
        "leftover": bool(rest),
    }


def yearly_switches(spec: str, year: int):
    fields = read_spec(spec)
    if not fields["dst"]:
        return None
    if fields["leftover"]:
        raise ValueError(f"unreadable TZ string: {spec!r}")
    # tzrange.transitions: "the DST on and off transition times, expressed always on the standard time side"
    return tzstr(spec).transitions(year)
