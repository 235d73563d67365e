import datetime

from dateutil.parser import isoparser


def parse_iso(text: str, sep: str = "T") -> datetime.datetime:
    return isoparser(sep=sep).isoparse(text.strip())
