import datetime
import re

from dateutil.easter import EASTER_ORTHODOX, EASTER_WESTERN, easter
from dateutil.rrule import MONTHLY, rrule, weekday

from dateutil_schedule.slots import parse_slot

_EASTER = re.compile(r"(orthodox\s+)?easter\s*(?:([+-])\s*(\d+))?")
_FIXED = re.compile(r"(\d{1,2})-(\d{1,2})")
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}


def holidays(year: int, specs: list[str]) -> list[datetime.date]:
    days = set()
    for spec in specs:
        text = spec.strip().lower()
        fixed = _FIXED.fullmatch(text)
        movable = _EASTER.fullmatch(text)
        if fixed:
            try:
                days.add(datetime.date(year, int(fixed.group(1)), int(fixed.group(2))))
            except ValueError:
                continue  # 02-29 outside leap years
        elif movable:
            method = EASTER_ORTHODOX if movable.group(1) else EASTER_WESTERN
            shift = int(movable.group(3) or 0) * (-1 if movable.group(2) == "-" else 1)
            days.add(easter(year, method) + datetime.timedelta(days=shift))
        else:
            raise ValueError(f"unknown holiday {spec!r}")
    return sorted(days)


def holiday_free(text: str, today: datetime.date, specs: list[str], count: int) -> list[datetime.datetime]:
    found: list[datetime.datetime] = []
    if count <= 0:
        return found
    # the monthly series, built as the earlier turn builds it
    words = text.split()
    picked = [ORDINALS[word.lower()] for word in words if word.lower() in ORDINALS]
    if len(picked) != 1:
        raise ValueError(f"expected exactly one of {', '.join(ORDINALS)} in {text!r}")
    slot = parse_slot(" ".join(word for word in words if word.lower() not in ORDINALS), today)
    start = datetime.datetime.combine(today, slot.time())
    series = rrule(MONTHLY, dtstart=start, byweekday=weekday(slot.weekday(), picked[0]))
    closed: dict[int, set] = {}
    for meeting in series:
        if meeting.year not in closed:
            closed[meeting.year] = set(holidays(meeting.year, specs))
        if meeting.date() not in closed[meeting.year]:
            found.append(meeting)
            if len(found) == count:
                break
    return found
