"""Calendar zones as dateutil range zones (two yearly rules), for systems that only take those."""

import datetime

from dateutil.relativedelta import relativedelta, weekday
from dateutil.tz import tzrange

from vtz.components import wall_of
from vtz.onsets import onsets


def _rule(comp, shift: datetime.timedelta) -> relativedelta:
    rule = comp.rrule._rrule[0]
    start = rule._dtstart
    if rule._bynweekday:
        day_of_week, n = rule._bynweekday[0]
    elif rule._byweekday:
        day_of_week, n = rule._byweekday[0], 1
    else:
        raise ValueError("only rules by weekday of a month are supported")
    seconds = start.hour * 3600 + start.minute * 60 + start.second - int(shift.total_seconds())
    return relativedelta(month=rule._bymonth[0], day=1 if n > 0 else 31, weekday=weekday(day_of_week, n), seconds=seconds)


def range_zone(zone) -> tzrange:
    """A dateutil range zone equivalent to the calendar zone ``zone``: its standard and summer names and
    offsets, and the yearly rules of its two components; a zone of one component has no summer time.
    ValueError for other zones."""
    comps = list(zone._comps)
    standard = [comp for comp in comps if not comp.isdst]
    summer = [comp for comp in comps if comp.isdst]
    if len(comps) == 1 and standard:
        return tzrange(standard[0].tzname, standard[0].tzoffsetto)
    if len(standard) != 1 or len(summer) != 1:
        raise ValueError("one standard and one summer component are needed")
    std, dst = standard[0], summer[0]
    return tzrange(std.tzname, std.tzoffsetto, dst.tzname, dst.tzoffsetto,
                   start=_rule(dst, datetime.timedelta(0)), end=_rule(std, dst.tzoffsetto - std.tzoffsetto))


def range_disagreements(zone, instants) -> list:
    """The naive UTC instants, in order, at which turn 2's ``wall_of`` the calendar zone and the
    reading of ``range_zone(zone)`` differ (wall time or fold)."""
    ranged = range_zone(zone)
    out = []
    for utc in instants:
        local = ranged.fromutc(utc.replace(tzinfo=ranged))
        if wall_of(zone, utc)[:2] != (local.replace(tzinfo=None), local.fold):
            out.append(utc)
    return out


def same_switches(zone, year: int) -> bool:
    """Whether turn 4's ``onsets`` of ``year`` are the switches of ``range_zone(zone)`` that year (the
    end of summer time stated on its summer side)."""
    ranged = range_zone(zone)
    switches = ranged.transitions(year)
    found = onsets(zone, datetime.datetime(year, 1, 1), datetime.datetime(year, 12, 31, 23, 59, 59))
    if switches is None:
        return not found or all(name == found[0][1] for _, name in found)
    on, off = switches
    return sorted(when for when, _ in found) == sorted([on, off + ranged._dst_base_offset])
