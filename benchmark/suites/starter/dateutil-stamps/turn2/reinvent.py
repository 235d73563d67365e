import datetime

import six
from dateutil import tz
from dateutil.parser import ParserError, parser, parserinfo

from dateutil_stamps.iso import parse_iso


def stamp_parser(reference: datetime.date, dayfirst: bool = False) -> parser:
    info = parserinfo(dayfirst=dayfirst)
    # two-digit years are resolved around the reference year, not around today
    info._year = reference.year
    info._century = reference.year // 100 * 100
    return parser(info)


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


def parse_stamp(text: str, reference: datetime.date, dayfirst: bool = False,
                zones: dict[str, int] | None = None) -> datetime.datetime:
    try:
        return parse_iso(text)
    except ValueError:
        pass
    tzinfos = {"UTC": tz.UTC, "GMT": tz.UTC, "Z": tz.UTC}
    tzinfos.update({name: minutes * 60 for name, minutes in (zones or {}).items()})
    default = datetime.datetime.combine(reference, datetime.time())
    return _read(stamp_parser(reference, dayfirst), text, default=default, tzinfos=tzinfos)
