"""Written from dateutil's documentation only (rrulestr: dtstart, forceset, unfold, tzids; str(rrule)).

The recurrence blocks of calendar invitations, read as dateutil reads them."""

import itertools

from dateutil import parser
from dateutil.rrule import rrulestr


def _check(text) -> str:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    if not text.strip():
        raise ValueError("an empty recurrence block")
    return text


def series_of(text: str, start=None, zones=None):
    return rrulestr(_check(text), dtstart=start, forceset=True, unfold=True, tzids=zones)


def _rule_line(value, start):
    text = str(rrulestr(value, dtstart=start))
    return [line for line in text.splitlines() if line.startswith("RRULE:")][0]


def read_series(text: str, start=None, zones=None) -> dict:
    series_of(text, start, zones)  # let dateutil refuse what it refuses
    parts = {"start": None, "rules": [], "dates": [], "exclusion_rules": [], "exclusions": []}
    rules, exrules = [], []
    for line in text.upper().splitlines():
        name, _, value = line.partition(":") if ":" in line else ("RRULE", "", line)
        name = name.split(";")[0]
        if name == "DTSTART":
            start = parser.parse(value)
        elif name == "RRULE":
            rules.append(value)
        elif name == "EXRULE":
            exrules.append(value)
        elif name == "RDATE":
            parts["dates"] += [parser.parse(v) for v in value.split(",")]
        elif name == "EXDATE":
            parts["exclusions"] += [parser.parse(v) for v in value.split(",")]
    parts["rules"] = [_rule_line(value, start) for value in rules]
    parts["exclusion_rules"] = [_rule_line(value, start) for value in exrules]
    parts["start"] = start if rules else None
    parts["dates"].sort()
    parts["exclusions"].sort()
    return parts


def first_occurrences(text: str, count: int = 5, start=None, zones=None) -> list:
    if count < 0:
        raise ValueError("count must not be negative")
    return list(itertools.islice(series_of(text, start, zones), count))
