"""Written from the documentation only (datetime.astimezone, tzfile(5) for the file layout).

Invitations on the wall clocks of the zones of the bundled database."""

import datetime
import struct
import tarfile

from dateutil.zoneinfo import get_zonefile_instance, getzoneinfofile_stream

from invites.series import first_occurrences
from invites.zonefile import kind_at


def _zone(name: str):
    zone = get_zonefile_instance().get(name)
    if zone is None:
        raise ValueError(f"no zone {name!r} in the bundled database")
    return zone


def local_occurrences(text: str, name: str, count: int = 5) -> list:
    zone = _zone(name)
    out = []
    for occurrence in first_occurrences(text, count):
        if occurrence.tzinfo is None:
            occurrence = occurrence.replace(tzinfo=datetime.timezone.utc)
        local = occurrence.astimezone(zone)
        out.append((local.replace(tzinfo=None), local.fold, local.tzname()))
    return out


def kind_after(name: str, change: int) -> tuple:
    _zone(name)
    with tarfile.open(fileobj=getzoneinfofile_stream()) as archive:
        data = archive.extractfile(name).read()
    _, _, _, timecnt, typecnt, charcnt = struct.unpack(">6l", data[20:44])
    pos = 44 + 4 * timecnt
    order = data[pos:pos + timecnt]
    pos += timecnt
    raw = [struct.unpack(">lbb", data[pos + 6 * i:pos + 6 * i + 6]) for i in range(typecnt)]
    abbrs = data[pos + 6 * typecnt:pos + 6 * typecnt + charcnt].decode()
    index = 0 if change < 0 or not timecnt else order[min(change, timecnt - 1)]
    offset, isdst, at = raw[index]
    return (offset, bool(isdst), abbrs[at:abbrs.index("\x00", at)])


def local_report(text: str, name: str, count: int = 5) -> list:
    return [(wall, kind_at(name, wall, fold)) for wall, fold, _ in local_occurrences(text, name, count)]
