"""Summer time and wall clocks of a device zone given by its TZ string."""

import datetime

from dateutil.tz import enfold, tzrange, tzstr

from clockrules.spec import read_spec, yearly_switches


def _zone(spec: str):
    """dateutil's zone for ``spec``; a string without an offset is a zone at UTC."""
    fields = read_spec(spec)
    if fields["leftover"]:
        raise ValueError(f"unreadable TZ string: {spec!r}")
    if fields["std_offset"] is None:
        return tzrange(fields["std"], 0)
    return tzstr(spec)


def _naive_utc(utc: datetime.datetime) -> datetime.datetime:
    if utc.tzinfo is not None:
        utc = utc.astimezone(datetime.timezone.utc)
    return utc.replace(tzinfo=None)


def _naive_wall(wall: datetime.datetime, fold: int) -> datetime.datetime:
    return wall.replace(tzinfo=None, fold=fold)


def in_summer(spec: str, wall: datetime.datetime, fold: int = 0) -> bool:
    """Whether the wall time ``wall`` (its zone, if any, ignored) is summer time in ``spec``;
    ``fold`` picks the occurrence of a repeated wall time."""
    zone = _zone(spec)
    return bool(zone._isdst(_naive_wall(wall, fold)))


def to_wall(spec: str, utc: datetime.datetime) -> tuple:
    """(wall, fold, abbreviation) of the instant ``utc`` (naive means UTC) on a clock of ``spec``."""
    zone = _zone(spec)
    dt = _naive_utc(utc).replace(tzinfo=zone)
    switches = zone.transitions(dt.year)
    if switches is None:
        local = dt + zone.utcoffset(dt)
    else:
        on, off = switches
        utc_switches = (on - zone._std_offset, off - zone._std_offset)
        isdst = zone._naive_isdst(dt.replace(tzinfo=None), utc_switches)
        local = dt + (zone._dst_offset if isdst else zone._std_offset)
        local = enfold(local, fold=int(not isdst and zone.is_ambiguous(local)))
    return local.replace(tzinfo=None), getattr(local, "fold", 0), zone.tzname(local)


def switch_instants(spec: str, year: int):
    """(on, off): the UTC instants (naive) at which summer time starts and ends in ``year``;
    None without summer time."""
    fields = read_spec(spec)
    switches = yearly_switches(spec, year)
    if switches is None:
        return None
    standard = datetime.timedelta(seconds=fields["std_offset"] or 0)
    if fields["std"] in ("GMT", "UTC"):
        standard = -standard
    on, off = switches
    return on - standard, off - standard
