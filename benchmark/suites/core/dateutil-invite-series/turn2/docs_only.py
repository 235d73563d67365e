"""Written from the documentation only (tzfile(5) for the file layout, dateutil.tz's tzinfo methods).

The zone files of the database bundled with dateutil, read as dateutil reads them."""

import datetime
import itertools
import struct
import tarfile

from dateutil.zoneinfo import get_zonefile_instance, getzoneinfofile_stream

from invites.series import read_series, series_of

_EPOCH = datetime.datetime(1970, 1, 1)


def _zone(name: str):
    zone = get_zonefile_instance().get(name)
    if zone is None:
        raise ValueError(f"no zone {name!r} in the bundled database")
    return zone


def _kind_of(zone, wall):
    offset = zone.utcoffset(wall)
    return (int(offset.total_seconds()), bool(zone.dst(wall)), zone.tzname(wall))


def zone_record(name: str) -> dict:
    zone = _zone(name)
    with tarfile.open(fileobj=getzoneinfofile_stream()) as archive:
        data = archive.extractfile(name).read()
    _, _, _, timecnt, typecnt, charcnt = struct.unpack(">6l", data[20:44])
    pos = 44
    changes = struct.unpack(">%dl" % timecnt, data[pos:pos + 4 * timecnt])
    pos += 5 * timecnt
    raw = [struct.unpack(">lbb", data[pos + 6 * i:pos + 6 * i + 6]) for i in range(typecnt)]
    abbrs = data[pos + 6 * typecnt:pos + 6 * typecnt + charcnt].decode()
    kinds = [(offset, bool(isdst), abbrs[index:abbrs.index("\x00", index)]) for offset, isdst, index in raw]
    winter, summer = datetime.datetime(2024, 1, 1), datetime.datetime(2024, 7, 1)
    standard = _kind_of(zone, winter) if not zone.dst(winter) else _kind_of(zone, summer)
    summer_kind = _kind_of(zone, summer) if zone.dst(summer) else (_kind_of(zone, winter) if zone.dst(winter) else None)
    return {
        "changes": timecnt,
        "first": _EPOCH + datetime.timedelta(seconds=changes[0]) if changes else None,
        "last": _EPOCH + datetime.timedelta(seconds=changes[-1]) if changes else None,
        "kinds": kinds,
        "standard": standard,
        "summer": summer_kind,
        "before": _kind_of(zone, datetime.datetime(1800, 1, 1)) if changes else None,
    }


def kind_at(name: str, wall, fold: int = 0) -> tuple:
    return _kind_of(_zone(name), wall.replace(tzinfo=None, fold=fold))


def _bundled(name: str):
    return get_zonefile_instance().get(name)


def _kind_or_none(when):
    return None if when.tzinfo is None else _kind_of(when.tzinfo, when.replace(tzinfo=None))


def start_kind(text: str):
    start = read_series(text, zones=_bundled)["start"]
    return None if start is None else _kind_or_none(start)


def occurrence_kinds(text: str, count: int = 3) -> list:
    series = series_of(text, zones=_bundled)
    return [(when.replace(tzinfo=None), _kind_or_none(when)) for when in itertools.islice(series, count)]
