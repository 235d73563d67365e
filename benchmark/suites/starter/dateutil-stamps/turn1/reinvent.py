import datetime

from dateutil.parser import isoparser


def parse_iso(text: str, sep: str = "T") -> datetime.datetime:
    parser = isoparser(sep=sep)
    dt_str = text.strip().encode("ascii")
    components, pos = parser._parse_isodate(dt_str)
    if len(dt_str) > pos:
        if dt_str[pos:pos + 1] == sep.encode("ascii"):
            components += parser._parse_isotime(dt_str[pos + 1:])
        else:
            raise ValueError("String contains unknown ISO components")
    if len(components) > 3 and components[3] == 24:
        components[3] = 0
        return datetime.datetime(*components) + datetime.timedelta(days=1)
    return datetime.datetime(*components)
