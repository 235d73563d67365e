import datetime
import re

from dateutil.relativedelta import relativedelta
from dateutil.rrule import MONTHLY, rrule, weekday

from dateutil_schedule.slots import slot_parser

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}


def _slot(text, today):
    default = datetime.datetime.combine(today, datetime.time())
    slot = slot_parser().parse(text, default=default, fuzzy=True, ignoretz=True)
    if re.search(r"\bnext\b", text, re.IGNORECASE):
        slot += relativedelta(weeks=+1)
    return slot


def monthly_rule(text: str, today: datetime.date) -> rrule:
    words = text.split()
    picked = [ORDINALS[word.lower()] for word in words if word.lower() in ORDINALS]
    if len(picked) != 1:
        raise ValueError(f"expected exactly one of {', '.join(ORDINALS)} in {text!r}")
    slot = _slot(" ".join(word for word in words if word.lower() not in ORDINALS), today)
    start = datetime.datetime.combine(today, slot.time())
    return rrule(MONTHLY, dtstart=start, byweekday=weekday(slot.weekday(), picked[0]))


def series_between(text: str, today: datetime.date, start: datetime.datetime,
                   end: datetime.datetime) -> list[datetime.datetime]:
    found = []
    for occurrence in monthly_rule(text, today):
        if occurrence > end:
            break
        if occurrence >= start:
            found.append(occurrence)
    return found
