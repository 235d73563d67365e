"""Written from dateutil's documentation only (dateutil.zoneinfo, tzinfo methods).

Our TZ strings against the zone database that ships with dateutil."""

import datetime

from dateutil.zoneinfo import get_zonefile_instance

from clockrules.convert import switch_instants
from clockrules.report import year_report

_UTC = datetime.timezone.utc
_HOUR = datetime.timedelta(hours=1)


def _db_zone(name: str):
    zone = get_zonefile_instance().get(name)
    if zone is None:
        raise ValueError(f"no zone {name!r} in the database")
    return zone


def _last_change(zone, utc, limit=24 * 400):
    """Walk back hour by hour until the offset differs."""
    offset = utc.replace(tzinfo=_UTC).astimezone(zone).utcoffset()
    step = utc.replace(minute=0, second=0, microsecond=0)
    for _ in range(limit):
        before = (step - _HOUR).replace(tzinfo=_UTC).astimezone(zone).utcoffset()
        if before != offset:
            return step
        step -= _HOUR
    return None


def change_in_effect(name: str, wall, fold: int = 0):
    zone = _db_zone(name)
    utc = wall.replace(tzinfo=zone, fold=fold).astimezone(_UTC).replace(tzinfo=None)
    return _last_change(zone, utc)


def change_before(name: str, utc):
    return _last_change(_db_zone(name), utc)


def compare_with_database(spec: str, name: str, year: int) -> dict:
    zone = _db_zone(name)
    changes = []
    step = datetime.datetime(year, 1, 1)
    while step.year == year:
        if (step - _HOUR).replace(tzinfo=_UTC).astimezone(zone).utcoffset() != step.replace(tzinfo=_UTC).astimezone(zone).utcoffset():
            changes.append(step)
        step += _HOUR
    ours = switch_instants(spec, year)
    return {"ours": sorted(ours) if ours else [], "database": changes,
            "same": sorted(ours or ()) == changes, "report": year_report(spec, year)}
