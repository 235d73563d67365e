import datetime

from dateutil.rrule import MONTHLY, rrule, weekday

from dateutil_schedule.slots import parse_slot

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}


def monthly_rule(text: str, today: datetime.date) -> rrule:
    words = text.split()
    picked = [ORDINALS[word.lower()] for word in words if word.lower() in ORDINALS]
    if len(picked) != 1:
        raise ValueError(f"expected exactly one of {', '.join(ORDINALS)} in {text!r}")
    slot = parse_slot(" ".join(word for word in words if word.lower() not in ORDINALS), today)
    start = datetime.datetime.combine(today, slot.time())
    return rrule(MONTHLY, dtstart=start, byweekday=weekday(slot.weekday(), picked[0]))


def series_between(text: str, today: datetime.date, start: datetime.datetime,
                   end: datetime.datetime) -> list[datetime.datetime]:
    return monthly_rule(text, today).between(start, end, inc=True)
