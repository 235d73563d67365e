"""The zone files of the database bundled with dateutil, read as dateutil reads them."""

import datetime
import itertools
import io
import os
import struct
import tarfile

from dateutil.tz.tz import _get_supported_offset, _ttinfo, _tzfile
from dateutil.zoneinfo import get_zonefile_instance, getzoneinfofile_stream

from invites.series import read_series, series_of

_EPOCH = datetime.datetime(1970, 1, 1)


def _zone(name: str):
    zone = get_zonefile_instance().get(name)
    if zone is None:
        raise ValueError(f"no zone {name!r} in the bundled database")
    return zone


def _file_bytes(name: str) -> bytes:
    with tarfile.open(fileobj=getzoneinfofile_stream()) as archive:
        return archive.extractfile(name).read()


def _kind(info) -> tuple:
    return (info.offset, bool(info.isdst), info.abbr) if info is not None else None


def _read_file(fileobj):
    out = _tzfile()
    if fileobj.read(4).decode() != "TZif":
        raise ValueError("magic not found")

    fileobj.read(16)

    (
        ttisgmtcnt,
        ttisstdcnt,
        leapcnt,
        timecnt,
        typecnt,
        charcnt,

    ) = struct.unpack(">6l", fileobj.read(24))

    if timecnt:
        out.trans_list_utc = list(struct.unpack(">%dl" % timecnt,
                                                fileobj.read(timecnt*4)))
    else:
        out.trans_list_utc = []

    if timecnt:
        out.trans_idx = struct.unpack(">%dB" % timecnt,
                                      fileobj.read(timecnt))
    else:
        out.trans_idx = []

    ttinfo = []

    for i in range(typecnt):
        ttinfo.append(struct.unpack(">lbb", fileobj.read(6)))

    abbr = fileobj.read(charcnt).decode()
    if leapcnt:
        fileobj.seek(leapcnt * 8, os.SEEK_CUR)

    if ttisstdcnt:
        isstd = struct.unpack(">%db" % ttisstdcnt,
                              fileobj.read(ttisstdcnt))

    if ttisgmtcnt:
        isgmt = struct.unpack(">%db" % ttisgmtcnt,
                              fileobj.read(ttisgmtcnt))
    out.ttinfo_list = []
    for i in range(typecnt):
        gmtoff, isdst, abbrind = ttinfo[i]
        gmtoff = _get_supported_offset(gmtoff)
        tti = _ttinfo()
        tti.offset = gmtoff
        tti.dstoffset = datetime.timedelta(0)
        tti.delta = datetime.timedelta(seconds=gmtoff)
        tti.isdst = isdst
        tti.abbr = abbr[abbrind:abbr.find('\x00', abbrind)]
        tti.isstd = (ttisstdcnt > i and isstd[i] != 0)
        tti.isgmt = (ttisgmtcnt > i and isgmt[i] != 0)
        out.ttinfo_list.append(tti)
    out.trans_idx = [out.ttinfo_list[idx] for idx in out.trans_idx]
    out.ttinfo_std = None
    out.ttinfo_dst = None
    out.ttinfo_before = None
    if out.ttinfo_list:
        if not out.trans_list_utc:
            out.ttinfo_std = out.ttinfo_first = out.ttinfo_list[0]
        else:
            for i in range(timecnt-1, -1, -1):
                tti = out.trans_idx[i]
                if not out.ttinfo_std and not tti.isdst:
                    out.ttinfo_std = tti
                elif not out.ttinfo_dst and tti.isdst:
                    out.ttinfo_dst = tti

                if out.ttinfo_std and out.ttinfo_dst:
                    break
            else:
                if out.ttinfo_dst and not out.ttinfo_std:
                    out.ttinfo_std = out.ttinfo_dst

            for tti in out.ttinfo_list:
                if not tti.isdst:
                    out.ttinfo_before = tti
                    break
            else:
                out.ttinfo_before = out.ttinfo_list[0]
    lastdst = None
    lastoffset = None
    lastdstoffset = None
    lastbaseoffset = None
    out.trans_list = []

    for i, tti in enumerate(out.trans_idx):
        offset = tti.offset
        dstoffset = 0

        if lastdst is not None:
            if tti.isdst:
                if not lastdst:
                    dstoffset = offset - lastoffset

                if not dstoffset and lastdstoffset:
                    dstoffset = lastdstoffset

                tti.dstoffset = datetime.timedelta(seconds=dstoffset)
                lastdstoffset = dstoffset
        baseoffset = offset - dstoffset
        adjustment = baseoffset
        if (lastbaseoffset is not None and baseoffset != lastbaseoffset
                and tti.isdst != lastdst):
            adjustment = lastbaseoffset

        lastdst = tti.isdst
        lastoffset = offset
        lastbaseoffset = baseoffset

        out.trans_list.append(out.trans_list_utc[i] + adjustment)

    out.trans_idx = tuple(out.trans_idx)
    out.trans_list = tuple(out.trans_list)
    out.trans_list_utc = tuple(out.trans_list_utc)

    return out


def zone_record(name: str) -> dict:
    """What dateutil reads from the bundled file of zone ``name``: ``{"changes": ..., "first": ...,
    "last": ..., "kinds": [...], "standard": ..., "summer": ..., "before": ...}``: the number of
    changes of offset, the first and last as naive UTC datetimes (None without changes), every kind
    of local time of the file in file order as ``(offset_seconds, is_summer, abbreviation)``, and
    the kinds dateutil takes for the zone's standard time, its summer time (None when it has
    none) and the time before the first change."""
    reader = _zone(name)
    record = _read_file(io.BytesIO(_file_bytes(name)))
    changes = record.trans_list_utc
    return {
        "changes": len(changes),
        "first": _EPOCH + datetime.timedelta(seconds=changes[0]) if changes else None,
        "last": _EPOCH + datetime.timedelta(seconds=changes[-1]) if changes else None,
        "kinds": [_kind(info) for info in record.ttinfo_list],
        "standard": _kind(record.ttinfo_std),
        "summer": _kind(record.ttinfo_dst),
        "before": _kind(record.ttinfo_before),
    }


def kind_at(name: str, wall: datetime.datetime, fold: int = 0) -> tuple:
    """``(offset_seconds, is_summer, abbreviation)``: the kind of local time of zone ``name`` at the
    naive wall time ``wall`` (``fold`` picks the occurrence of a repeated reading), as dateutil's
    database zones pick it."""
    zone = _zone(name)
    return _kind(zone._find_ttinfo(wall.replace(tzinfo=None, fold=fold)))


def _bundled(name: str):
    """TZID names looked up in the bundled database (None for a name it does not hold)."""
    return get_zonefile_instance().get(name)


def _kind_of(when) -> tuple:
    if when.tzinfo is None:
        return None
    return _kind(when.tzinfo._find_ttinfo(when.replace(tzinfo=None)))


def start_kind(text: str):
    """The kind of local time (as ``kind_at``) at the start of the invitation block ``text`` (turn
    1's ``read_series``, TZID names looked up in the bundled database); None when the start is
    naive or the block has no rule."""
    start = read_series(text, zones=_bundled)["start"]
    return None if start is None else _kind_of(start)


def occurrence_kinds(text: str, count: int = 3) -> list:
    """``(wall, kind)`` for the first ``count`` occurrences of turn 1's ``series_of(text)`` with TZID
    names looked up in the bundled database: the naive wall time and the kind of local time there
    (None for a naive occurrence)."""
    series = series_of(text, zones=_bundled)
    return [(when.replace(tzinfo=None), _kind_of(when)) for when in itertools.islice(series, count)]
