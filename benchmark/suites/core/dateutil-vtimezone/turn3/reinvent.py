"""Summer time on this machine's own clock (its TZ setting), beside the calendar zones."""

import datetime

from dateutil.tz import tzlocal

from vtz.components import component_at, wall_of


def machine_summer(wall: datetime.datetime, fold: int = 0) -> bool:
    """Whether the naive wall time ``wall`` is summer time on this machine's clock as dateutil's
    local zone decides it (``fold`` picks the occurrence of a repeated reading), read from the
    machine's zone setting at the time of the call."""
    zone = tzlocal()
    dt = wall.replace(tzinfo=None, fold=fold)
    if not zone._hasdst:
        return False
    summer = zone._naive_is_dst(dt)
    if zone.is_ambiguous(dt):
        return not zone._fold(dt)
    return bool(summer)


def machine_plain_summer(wall: datetime.datetime) -> bool:
    """Whether the machine's C library says summer time for ``wall`` read as dateutil's local zone
    reads a naive time, before any fold is considered."""
    zone = tzlocal()
    return bool(zone._naive_is_dst(wall.replace(tzinfo=None)))


def disagreements(zone, walls) -> list:
    """The naive wall times, in order, at which turn 2's ``component_at`` of the calendar zone
    ``zone`` and ``machine_summer`` disagree about summer time."""
    return [wall for wall in walls if bool(component_at(zone, wall)["summer"]) != machine_summer(wall)]


def machine_offsets(zone, instants) -> list:
    """For each naive UTC instant: ``(calendar_wall, machine_wall)``, turn 2's ``wall_of`` reading
    on ``zone`` and the reading of this machine's clock (naive)."""
    out = []
    for utc in instants:
        wall, _, _ = wall_of(zone, utc)
        local = utc.replace(tzinfo=datetime.timezone.utc).astimezone(tzlocal())
        out.append((wall, local.replace(tzinfo=None)))
    return out
