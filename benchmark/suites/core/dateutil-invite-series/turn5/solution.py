"""Invitations on the wall clocks of the zones of the bundled database."""

import datetime

from dateutil.zoneinfo import get_zonefile_instance

from invites.series import first_occurrences
from invites.zonefile import kind_at


def _zone(name: str):
    zone = get_zonefile_instance().get(name)
    if zone is None:
        raise ValueError(f"no zone {name!r} in the bundled database")
    return zone


def _utc(when: datetime.datetime) -> datetime.datetime:
    if when.tzinfo is not None:
        when = when.astimezone(datetime.timezone.utc)
    return when.replace(tzinfo=None)


def local_occurrences(text: str, name: str, count: int = 5) -> list:
    """``(wall, fold, abbreviation)`` for each of turn 1's first ``count`` occurrences of the block
    (naive ones are UTC), read on the wall clock of the bundled database zone ``name``."""
    zone = _zone(name)
    out = []
    for occurrence in first_occurrences(text, count):
        local = zone.fromutc(_utc(occurrence).replace(tzinfo=zone))
        out.append((local.replace(tzinfo=None), local.fold, local.tzname()))
    return out


def kind_after(name: str, change: int) -> tuple:
    """``(offset_seconds, is_summer, abbreviation)``: the kind of local time dateutil's database zone
    ``name`` applies after its change number ``change`` (0 for the first; a negative number means
    before the first change)."""
    info = _zone(name)._get_ttinfo(change)
    return (info.offset, bool(info.isdst), info.abbr)


def local_report(text: str, name: str, count: int = 5) -> list:
    """``(wall, kind)`` for each of ``local_occurrences``: the wall reading and turn 2's ``kind_at``
    of it (with its fold)."""
    return [(wall, kind_at(name, wall, fold)) for wall, fold, _ in local_occurrences(text, name, count)]
