"""Written from dateutil's documentation only (tzstr, tzrange, datetime.astimezone).

Summer time and wall clocks of a device zone given by its TZ string."""

import datetime

from dateutil.tz import tzrange, tzstr

from clockrules.spec import read_spec, yearly_switches


def _zone(spec: str):
    fields = read_spec(spec)
    if fields["leftover"]:
        raise ValueError(f"unreadable TZ string: {spec!r}")
    if fields["std_offset"] is None:
        return tzrange(fields["std"], 0)
    return tzstr(spec)


def in_summer(spec: str, wall, fold: int = 0) -> bool:
    zone = _zone(spec)
    return bool(zone.dst(wall.replace(tzinfo=zone, fold=fold)))


def to_wall(spec: str, utc) -> tuple:
    zone = _zone(spec)
    if utc.tzinfo is None:
        utc = utc.replace(tzinfo=datetime.timezone.utc)
    local = utc.astimezone(zone)
    return local.replace(tzinfo=None), local.fold, local.tzname()


def switch_instants(spec: str, year: int):
    switches = yearly_switches(spec, year)
    if switches is None:
        return None
    zone = _zone(spec)
    # the standard offset: the offset in the middle of winter
    standard = datetime.datetime(year, 1, 1, tzinfo=zone).utcoffset()
    on, off = switches
    return on - standard, off - standard
