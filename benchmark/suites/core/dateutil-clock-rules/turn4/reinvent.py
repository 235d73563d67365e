"""Yearly reports of a device zone: its switches, and the readings around them."""

import datetime

from dateutil.tz import enfold, tzstr

from clockrules.rulezone import RuleZone, zone_wall
from clockrules.spec import read_spec
from clockrules.convert import switch_instants

def plain_reading(spec: str, utc: datetime.datetime) -> datetime.datetime:
    """The wall reading (naive) of the instant ``utc`` (naive, UTC) on our zone of ``spec``, before
    any decision about which of two equal readings it is."""
    zone = RuleZone(spec)
    dt = utc.replace(tzinfo=zone)
    dt += dt.utcoffset() - dt.dst()
    return (dt + enfold(dt, fold=1).dst()).replace(tzinfo=None)


def summer_by_rule(spec: str, wall: datetime.datetime) -> bool:
    """Whether the wall time ``wall`` lies between the year's switches of ``spec`` as dateutil
    states them, the switches alone deciding (no second reading of a repeated hour)."""
    fields = read_spec(spec)
    if not fields["dst"] or fields["leftover"]:
        return False
    zone = tzstr(spec)
    switches = zone.transitions(wall.year)
    if switches is None:
        return False
    return bool(zone._naive_isdst(wall.replace(tzinfo=None), switches))


def year_report(spec: str, year: int):
    """The switches of ``year`` in UTC and the wall readings on each side of them; None without
    summer time."""
    instants = switch_instants(spec, year)
    if instants is None:
        return None
    on, off = instants
    tick = datetime.timedelta(seconds=1)
    return {
        "on": on,
        "off": off,
        "before_on": zone_wall(spec, on - tick),
        "at_on": zone_wall(spec, on),
        "before_off": zone_wall(spec, off - tick),
        "at_off": zone_wall(spec, off),
    }
