import datetime

from dateutil import tz
from dateutil.parser import parser, parserinfo

from dateutil_stamps.iso import parse_iso


def stamp_parser(reference: datetime.date, dayfirst: bool = False) -> parser:
    info = parserinfo(dayfirst=dayfirst)
    # two-digit years are resolved around the reference year, not around today
    info._year = reference.year
    info._century = reference.year // 100 * 100
    return parser(info)


def parse_stamp(text: str, reference: datetime.date, dayfirst: bool = False,
                zones: dict[str, int] | None = None) -> datetime.datetime:
    try:
        return parse_iso(text)
    except ValueError:
        pass
    tzinfos = {"UTC": tz.UTC, "GMT": tz.UTC, "Z": tz.UTC}
    tzinfos.update({name: minutes * 60 for name, minutes in (zones or {}).items()})
    default = datetime.datetime.combine(reference, datetime.time())
    return stamp_parser(reference, dayfirst).parse(text, default=default, tzinfos=tzinfos)
