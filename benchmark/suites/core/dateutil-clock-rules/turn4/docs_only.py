"""Written from the documentation only (dateutil.tz, datetime).

Yearly reports of a device zone: its switches, and the readings around them."""

import datetime

from clockrules.convert import in_summer, switch_instants
from clockrules.rulezone import rule_zone, zone_wall
from clockrules.spec import read_spec

_TICK = datetime.timedelta(seconds=1)


def plain_reading(spec: str, utc) -> datetime.datetime:
    local = utc.replace(tzinfo=datetime.timezone.utc).astimezone(rule_zone(spec))
    return local.replace(tzinfo=None)


def summer_by_rule(spec: str, wall) -> bool:
    if not read_spec(spec)["dst"]:
        return False
    return in_summer(spec, wall)


def year_report(spec: str, year: int):
    instants = switch_instants(spec, year)
    if instants is None:
        return None
    on, off = instants
    return {
        "on": on,
        "off": off,
        "before_on": zone_wall(spec, on - _TICK),
        "at_on": zone_wall(spec, on),
        "before_off": zone_wall(spec, off - _TICK),
        "at_off": zone_wall(spec, off),
    }
