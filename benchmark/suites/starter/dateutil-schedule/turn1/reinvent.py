import datetime
import re

import six
from dateutil.parser import ParserError, parser, parserinfo
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


def _read(p, timestr, default=None, ignoretz=False, tzinfos=None, **kwargs):
    if default is None:
        default = datetime.datetime.now().replace(hour=0, minute=0, second=0, microsecond=0)
    res, skipped_tokens = p._parse(timestr, **kwargs)
    if res is None:
        raise ParserError("Unknown string format: %s", timestr)
    if len(res) == 0:
        raise ParserError("String does not contain a date: %s", timestr)
    try:
        ret = p._build_naive(res, default)
    except ValueError as e:
        six.raise_from(ParserError(str(e) + ": %s", timestr), e)
    if not ignoretz:
        ret = p._build_tzaware(ret, res, tzinfos)
    if kwargs.get("fuzzy_with_tokens", False):
        return ret, skipped_tokens
    return ret


def parse_slot(text: str, today: datetime.date) -> datetime.datetime:
    default = datetime.datetime.combine(today, datetime.time())
    slot = _read(slot_parser(), text, default=default, fuzzy=True, ignoretz=True)
    if re.search(r"\bnext\b", text, re.IGNORECASE):
        slot += relativedelta(weeks=+1)
    return slot
