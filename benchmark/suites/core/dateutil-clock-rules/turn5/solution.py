"""Our TZ strings against the zone database that ships with dateutil."""

import datetime

from dateutil.zoneinfo import get_zonefile_instance

from clockrules.convert import switch_instants
from clockrules.report import year_report

_EPOCH = datetime.datetime(1970, 1, 1)


def _db_zone(name: str):
    zone = get_zonefile_instance().get(name)
    if zone is None:
        raise ValueError(f"no zone {name!r} in the database")
    return zone


def _instant(zone, index):
    if index is None or index < 0:
        return None
    return _EPOCH + datetime.timedelta(seconds=zone._trans_list_utc[index])


def change_in_effect(name: str, wall: datetime.datetime, fold: int = 0):
    """The UTC instant (naive) of the database's last change of offset in effect at the wall time
    ``wall`` of zone ``name`` (``fold`` picks the occurrence of a repeated reading); None before
    the first change."""
    zone = _db_zone(name)
    index = zone._resolve_ambiguous_time(wall.replace(tzinfo=None, fold=fold))
    return _instant(zone, index)


def change_before(name: str, utc: datetime.datetime):
    """The UTC instant (naive) of the database's last change of offset of ``name`` at or before
    the instant ``utc`` (naive, UTC); None before the first change."""
    zone = _db_zone(name)
    return _instant(zone, zone._find_last_transition(utc.replace(tzinfo=None), in_utc=True))


def compare_with_database(spec: str, name: str, year: int) -> dict:
    """Our switches of ``year`` beside the database's changes of that year (UTC, in order)."""
    changes = []
    change = change_before(name, datetime.datetime(year + 1, 1, 1) - datetime.timedelta(microseconds=1))
    while change is not None and change.year == year:
        changes.append(change)
        change = change_before(name, change - datetime.timedelta(microseconds=1))
    changes.reverse()
    ours = switch_instants(spec, year)
    return {
        "ours": sorted(ours) if ours else [],
        "database": changes,
        "same": sorted(ours or ()) == changes,
        "report": year_report(spec, year),
    }
