import datetime
import re

from dateutil.parser import parser, parserinfo
from dateutil.relativedelta import relativedelta


class _SlotInfo(parserinfo):
    WEEKDAYS = [
        ("Mon", "Monday", "Mo"),
        ("Tue", "Tuesday", "Tu"),
        ("Wed", "Wednesday", "We"),
        ("Thu", "Thursday", "Th"),
        ("Fri", "Friday", "Fr"),
        ("Sat", "Saturday", "Sa"),
        ("Sun", "Sunday", "Su"),
    ]


def slot_parser() -> parser:
    return parser(_SlotInfo(dayfirst=True))


def parse_slot(text: str, today: datetime.date) -> datetime.datetime:
    default = datetime.datetime.combine(today, datetime.time())
    slot = slot_parser().parse(text, default=default, fuzzy=True, ignoretz=True)
    if re.search(r"\bnext\b", text, re.IGNORECASE):
        slot += relativedelta(weeks=+1)
    return slot
