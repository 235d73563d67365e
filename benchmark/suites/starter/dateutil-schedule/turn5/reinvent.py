import datetime
import re

from dateutil.easter import EASTER_ORTHODOX, EASTER_WESTERN, easter

from dateutil_schedule.moved import moved_meetings
from dateutil_schedule.slots import parse_slot

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


def reminders(text: str, today: datetime.date, specs: list[str], count: int, days_before: int,
              at: str = "9:00") -> list[tuple[datetime.datetime, datetime.datetime]]:
    pairs = []
    for meeting in moved_meetings(text, today, specs, count):
        day = meeting.date()
        left = days_before
        while left > 0:
            day -= datetime.timedelta(days=1)
            if day.weekday() < 5 and day not in _closed_days(day.year, specs):
                left -= 1
        pairs.append((parse_slot(at, day), meeting))
    return pairs
