"""iCalendar VTIMEZONE blocks, read into dateutil calendars."""

import io

import importlib

from dateutil.tz import tzical
from dateutil.tz.tz import _tzicalvtz, _tzicalvtzcomp


def _text(text) -> str:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    return text


def read_calendar(text: str) -> tzical:
    """A dateutil calendar of the VTIMEZONE blocks of ``text``."""
    return tzical(io.StringIO(_text(text)))


def _read_blocks(cal: tzical, s):
    rrule = importlib.import_module("dateutil.rrule")
    lines = s.splitlines()
    if not lines:
        raise ValueError("empty string")
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if not line:
            del lines[i]
        elif i > 0 and line[0] == " ":
            lines[i-1] += line[1:]
            del lines[i]
        else:
            i += 1

    tzid = None
    comps = []
    invtz = False
    comptype = None
    for line in lines:
        if not line:
            continue
        name, value = line.split(':', 1)
        parms = name.split(';')
        if not parms:
            raise ValueError("empty property name")
        name = parms[0].upper()
        parms = parms[1:]
        if invtz:
            if name == "BEGIN":
                if value in ("STANDARD", "DAYLIGHT"):
                    pass
                else:
                    raise ValueError("unknown component: "+value)
                comptype = value
                founddtstart = False
                tzoffsetfrom = None
                tzoffsetto = None
                rrulelines = []
                tzname = None
            elif name == "END":
                if value == "VTIMEZONE":
                    if comptype:
                        raise ValueError("component not closed: "+comptype)
                    if not tzid:
                        raise ValueError("mandatory TZID not found")
                    if not comps:
                        raise ValueError(
                            "at least one component is needed")
                    cal._vtz[tzid] = _tzicalvtz(tzid, comps)
                    invtz = False
                elif value == comptype:
                    if not founddtstart:
                        raise ValueError("mandatory DTSTART not found")
                    if tzoffsetfrom is None:
                        raise ValueError(
                            "mandatory TZOFFSETFROM not found")
                    if tzoffsetto is None:
                        raise ValueError(
                            "mandatory TZOFFSETFROM not found")
                    rr = None
                    if rrulelines:
                        rr = rrule.rrulestr("\n".join(rrulelines),
                                            compatible=True,
                                            ignoretz=True,
                                            cache=True)
                    comp = _tzicalvtzcomp(tzoffsetfrom, tzoffsetto,
                                          (comptype == "DAYLIGHT"),
                                          tzname, rr)
                    comps.append(comp)
                    comptype = None
                else:
                    raise ValueError("invalid component end: "+value)
            elif comptype:
                if name == "DTSTART":
                    for parm in parms:
                        if parm != 'VALUE=DATE-TIME':
                            msg = ('Unsupported DTSTART param in ' +
                                   'VTIMEZONE: ' + parm)
                            raise ValueError(msg)
                    rrulelines.append(line)
                    founddtstart = True
                elif name in ("RRULE", "RDATE", "EXRULE", "EXDATE"):
                    rrulelines.append(line)
                elif name == "TZOFFSETFROM":
                    if parms:
                        raise ValueError(
                            "unsupported %s parm: %s " % (name, parms[0]))
                    tzoffsetfrom = cal._parse_offset(value)
                elif name == "TZOFFSETTO":
                    if parms:
                        raise ValueError(
                            "unsupported TZOFFSETTO parm: "+parms[0])
                    tzoffsetto = cal._parse_offset(value)
                elif name == "TZNAME":
                    if parms:
                        raise ValueError(
                            "unsupported TZNAME parm: "+parms[0])
                    tzname = value
                elif name == "COMMENT":
                    pass
                else:
                    raise ValueError("unsupported property: "+name)
            else:
                if name == "TZID":
                    if parms:
                        raise ValueError(
                            "unsupported TZID parm: "+parms[0])
                    tzid = value
                elif name in ("TZURL", "LAST-MODIFIED", "COMMENT"):
                    pass
                else:
                    raise ValueError("unsupported property: "+name)
        elif name == "BEGIN" and value == "VTIMEZONE":
            tzid = None
            comps = []
            invtz = True


def _restore(cal: tzical, before: dict, added: dict) -> None:
    """The calendar's zones: those it had, then those added (replacing equal TZIDs in place)."""
    merged = dict(before)
    merged.update(added)
    cal._vtz.clear()
    cal._vtz.update(merged)


def extend_calendar(cal: tzical, text: str) -> list:
    """Add the VTIMEZONE blocks of ``text`` to the calendar ``cal`` in place, as dateutil reads such
    blocks (a block whose TZID the calendar holds replaces that zone); the TZIDs of ``text`` in the
    order of its blocks."""
    before = dict(cal._vtz)
    cal._vtz.clear()
    try:
        _read_blocks(cal, _text(text))
    except ValueError:
        _restore(cal, before, {})
        raise
    added = list(cal._vtz)
    _restore(cal, before, dict(cal._vtz))
    return added


def _zones_of(cal: tzical) -> dict:
    return {tzid: cal.get(tzid) for tzid in cal.keys()}


def calendar_zones(*texts: str) -> dict:
    """``{tzid: zone}`` of one calendar read from the first text and extended with each of the
    others in turn (``extend_calendar``); at least one text is needed."""
    if not texts:
        raise ValueError("at least one text is needed")
    cal = read_calendar(texts[0])
    for text in texts[1:]:
        extend_calendar(cal, text)
    return _zones_of(cal)
