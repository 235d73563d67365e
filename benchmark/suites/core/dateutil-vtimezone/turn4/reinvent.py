"""The onsets of calendar zones: when each of their components takes effect."""

import datetime
import heapq

from dateutil.rrule import rruleset
from six import advance_iterator

from vtz.components import component_at
from vtz.calendar import calendar_zones


def onsets(zone, start: datetime.datetime, end: datetime.datetime) -> list:
    """``(onset, name)`` for every onset of a component of the calendar zone ``zone`` from ``start``
    to ``end`` (naive wall times, both included), merged in time order as dateutil merges the
    occurrences of a recurrence set (components in their calendar order on a tie)."""
    heap, names = [], {}
    for comp in zone._comps:
        source = iter(comp.rrule)
        names[id(source)] = comp.tzname
        rruleset._genitem(heap, source)
    heapq.heapify(heap)
    out = []
    while heap:
        item = heap[0]
        if item.dt > end:
            break
        if item.dt >= start:
            out.append((item.dt, names[id(item.gen)]))
        try:
            item.dt = advance_iterator(item.gen)
        except StopIteration:
            if heap[0] is item:
                heapq.heappop(heap)
            else:
                heap.remove(item)
                heapq.heapify(heap)
        if heap and heap[0] is item:
            heapq.heapreplace(heap, item)
    return out


def last_onset(zone, wall: datetime.datetime, fold: int = 0):
    """The last onset, at or before the naive wall time ``wall``, of the component turn 2's
    ``component_at`` finds there, as dateutil's calendar zones find it; None before its first onset."""
    wall = wall.replace(tzinfo=None, fold=fold)
    comp = zone._find_comp(wall)
    return zone._find_compdt(comp, wall)


def year_onsets(texts, tzid: str, year: int) -> list:
    """``(onset, name, summer)`` for the onsets of ``year`` in zone ``tzid`` of turn 1's
    ``calendar_zones(*texts)``, ``summer`` from turn 2's ``component_at`` at the onset."""
    zone = calendar_zones(*texts)[tzid]
    found = onsets(zone, datetime.datetime(year, 1, 1), datetime.datetime(year, 12, 31, 23, 59, 59))
    return [(when, name, component_at(zone, when)["summer"]) for when, name in found]
