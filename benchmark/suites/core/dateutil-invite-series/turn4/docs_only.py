"""Written from dateutil's documentation only (rruleset.rdate, dateutil.parser.parse, tz.gettz).

Edits of invitation series in place, and the date lines of invitations."""

import itertools

from dateutil import parser, tz

from invites.daily import one_per_day
from invites.series import first_occurrences


def reinstate(series, when) -> bool:
    # rruleset has no way to drop an exclusion: include the date again
    if when in series:
        return False
    series.rdate(when)
    return True


def date_values(line: str, zones=None) -> list:
    head, sep, value = line.partition(":")
    if not sep:
        raise ValueError(f"no value in {line!r}")
    zone = None
    for param in head.split(";")[1:]:
        key, _, val = param.partition("=")
        if key.upper() == "TZID":
            lookup = zones if callable(zones) else (zones.get if zones is not None else tz.gettz)
            zone = lookup(val)
        elif param.upper() not in ("VALUE=DATE-TIME", "VALUE=DATE"):
            raise ValueError(f"unsupported parameter {param!r}")
    out = []
    for text in value.split(","):
        stamp = parser.parse(text)
        if zone is not None:
            if stamp.tzinfo is not None:
                raise ValueError("two zones")
            stamp = stamp.replace(tzinfo=zone)
        out.append(stamp)
    return out


def reinstated_view(text: str, when, count: int = 5) -> dict:
    series = one_per_day(text, cache=True)
    before = list(itertools.islice(series, count))
    reinstate(series, when)
    return {"before": before, "after": list(itertools.islice(series, count)), "plain": first_occurrences(text, count)}
