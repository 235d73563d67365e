import datetime
import re

from dateutil.easter import EASTER_ORTHODOX, EASTER_WESTERN, easter

from dateutil_schedule.monthly import monthly_rule

_EASTER = re.compile(r"(orthodox\s+)?easter\s*(?:([+-])\s*(\d+))?")
_FIXED = re.compile(r"(\d{1,2})-(\d{1,2})")


def _closed_days(year, specs):
    days = set()
    for spec in specs:
        text = spec.strip().lower()
        fixed = _FIXED.fullmatch(text)
        movable = _EASTER.fullmatch(text)
        if fixed:
            try:
                days.add(datetime.date(year, int(fixed.group(1)), int(fixed.group(2))))
            except ValueError:
                continue
        elif movable:
            method = EASTER_ORTHODOX if movable.group(1) else EASTER_WESTERN
            shift = int(movable.group(3) or 0) * (-1 if movable.group(2) == "-" else 1)
            days.add(easter(year, method) + datetime.timedelta(days=shift))
        else:
            raise ValueError(f"unknown holiday {spec!r}")
    return days


def _next_working_day(moment, specs):
    closed = _closed_days(moment.year, specs) | _closed_days(moment.year + 1, specs)
    while moment.weekday() >= 5 or moment.date() in closed:
        moment += datetime.timedelta(days=1)
    return moment


def moved_meetings(text: str, today: datetime.date, specs: list[str], count: int) -> list[datetime.datetime]:
    meetings: list[datetime.datetime] = []
    if count <= 0:
        return meetings
    for meeting in monthly_rule(text, today):
        meetings.append(_next_working_day(meeting, specs))
        if len(meetings) == count:
            break
    return meetings
