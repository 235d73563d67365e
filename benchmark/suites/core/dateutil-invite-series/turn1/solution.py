"""The recurrence blocks of calendar invitations, read as dateutil reads them."""

import itertools

from dateutil import tz
from dateutil.rrule import rrulestr


def _check(text) -> str:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    if not text.strip():
        raise ValueError("an empty recurrence block")
    return text


def _lookup(zones):
    """How TZID names become zones: the mapping or function given, else dateutil's zone lookup."""
    return tz.gettz if zones is None else zones


def series_of(text: str, start=None, zones=None):
    """The recurrence set of the block ``text`` (DTSTART, RRULE, RDATE, EXRULE and EXDATE lines,
    folded lines allowed) as dateutil reads it, always as a set; ``start`` is the start of rules
    when the block has no DTSTART; ``zones`` maps TZID names to zones (a mapping or a function),
    dateutil's zone lookup when None."""
    return rrulestr._parse_rfc(_check(text), dtstart=start, forceset=True, unfold=True, tzids=_lookup(zones))


def read_series(text: str, start=None, zones=None) -> dict:
    """``{"start": ..., "rules": [...], "dates": [...], "exclusion_rules": [...], "exclusions": [...]}``
    of the block: the start of its first rule (None without rules), its rules and exclusion rules
    as the text dateutil writes for each (one RRULE line, no DTSTART), and its dates and exclusion
    dates, sorted."""
    series = series_of(text, start, zones)
    rules = list(series._rrule)
    return {
        "start": _first_start(rules),
        "rules": [_rule_text(rule) for rule in rules],
        "dates": sorted(series._rdate),
        "exclusion_rules": [_rule_text(rule) for rule in series._exrule],
        "exclusions": sorted(series._exdate),
    }


def _first_start(rules):
    return rules[0]._dtstart if rules else None


def _rule_text(rule) -> str:
    return [line for line in str(rule).splitlines() if line.startswith("RRULE:")][0]


def first_occurrences(text: str, count: int = 5, start=None, zones=None) -> list:
    """The first ``count`` occurrences of the block, in order."""
    if count < 0:
        raise ValueError("count must not be negative")
    return list(itertools.islice(series_of(text, start, _lookup(zones)), count))
