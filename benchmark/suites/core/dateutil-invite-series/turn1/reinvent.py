"""The recurrence blocks of calendar invitations, read as dateutil reads them."""

import itertools
import re

from dateutil import tz
from dateutil import parser
from dateutil.rrule import rruleset, rrulestr


def _check(text) -> str:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    if not text.strip():
        raise ValueError("an empty recurrence block")
    return text


def _lookup(zones):
    """How TZID names become zones: the mapping or function given, else dateutil's zone lookup."""
    return tz.gettz if zones is None else zones


def _read_block(s, dtstart=None, cache=False, unfold=False, forceset=False, compatible=False,
                ignoretz=False, tzids=None, tzinfos=None):
    if compatible:
        forceset = True
        unfold = True

    TZID_NAMES = dict(map(
        lambda x: (x.upper(), x),
        re.findall('TZID=(?P<name>[^:]+):', s)
    ))
    s = s.upper()
    if not s.strip():
        raise ValueError("empty string")
    if unfold:
        lines = s.splitlines()
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
    else:
        lines = s.split()
    if (not forceset and len(lines) == 1 and (s.find(':') == -1 or
                                              s.startswith('RRULE:'))):
        return rrulestr._parse_rfc_rrule(lines[0], cache=cache,
                                     dtstart=dtstart, ignoretz=ignoretz,
                                     tzinfos=tzinfos)
    else:
        rrulevals = []
        rdatevals = []
        exrulevals = []
        exdatevals = []
        for line in lines:
            if not line:
                continue
            if line.find(':') == -1:
                name = "RRULE"
                value = line
            else:
                name, value = line.split(':', 1)
            parms = name.split(';')
            if not parms:
                raise ValueError("empty property name")
            name = parms[0]
            parms = parms[1:]
            if name == "RRULE":
                for parm in parms:
                    raise ValueError("unsupported RRULE parm: "+parm)
                rrulevals.append(value)
            elif name == "RDATE":
                for parm in parms:
                    if parm != "VALUE=DATE-TIME":
                        raise ValueError("unsupported RDATE parm: "+parm)
                rdatevals.append(value)
            elif name == "EXRULE":
                for parm in parms:
                    raise ValueError("unsupported EXRULE parm: "+parm)
                exrulevals.append(value)
            elif name == "EXDATE":
                exdatevals.extend(
                    rrulestr._parse_date_value(value, parms,
                                           TZID_NAMES, ignoretz,
                                           tzids, tzinfos)
                )
            elif name == "DTSTART":
                dtvals = rrulestr._parse_date_value(value, parms, TZID_NAMES,
                                                ignoretz, tzids, tzinfos)
                if len(dtvals) != 1:
                    raise ValueError("Multiple DTSTART values specified:" +
                                     value)
                dtstart = dtvals[0]
            else:
                raise ValueError("unsupported property: "+name)
        if (forceset or len(rrulevals) > 1 or rdatevals
                or exrulevals or exdatevals):
            rset = rruleset(cache=cache)
            for value in rrulevals:
                rset.rrule(rrulestr._parse_rfc_rrule(value, dtstart=dtstart,
                                                 ignoretz=ignoretz,
                                                 tzinfos=tzinfos))
            for value in rdatevals:
                for datestr in value.split(','):
                    rset.rdate(parser.parse(datestr,
                                            ignoretz=ignoretz,
                                            tzinfos=tzinfos))
            for value in exrulevals:
                rset.exrule(rrulestr._parse_rfc_rrule(value, dtstart=dtstart,
                                                  ignoretz=ignoretz,
                                                  tzinfos=tzinfos))
            for value in exdatevals:
                rset.exdate(value)
            if compatible and dtstart:
                rset.rdate(dtstart)
            return rset
        else:
            return rrulestr._parse_rfc_rrule(rrulevals[0],
                                         dtstart=dtstart,
                                         cache=cache,
                                         ignoretz=ignoretz,
                                         tzinfos=tzinfos)


def series_of(text: str, start=None, zones=None):
    """The recurrence set of the block ``text`` (DTSTART, RRULE, RDATE, EXRULE and EXDATE lines,
    folded lines allowed) as dateutil reads it, always as a set; ``start`` is the start of rules
    when the block has no DTSTART; ``zones`` maps TZID names to zones (a mapping or a function),
    dateutil's zone lookup when None."""
    return _read_block(_check(text), dtstart=start, forceset=True, unfold=True, tzids=_lookup(zones))


def read_series(text: str, start=None, zones=None) -> dict:
    """``{"start": ..., "rules": [...], "dates": [...], "exclusion_rules": [...], "exclusions": [...]}``
    of the block: the start of its first rule (None without rules), its rules and exclusion rules
    as the text dateutil writes for each (one RRULE line, no DTSTART), and its dates and exclusion
    dates, sorted."""
    series = series_of(text, start, zones)
    rules = list(series._rrule)
    return {
        "start": _first_start(rules),
        "rules": [_rule_text(rule) for rule in rules],
        "dates": sorted(series._rdate),
        "exclusion_rules": [_rule_text(rule) for rule in series._exrule],
        "exclusions": sorted(series._exdate),
    }


def _first_start(rules):
    return rules[0]._dtstart if rules else None


def _rule_text(rule) -> str:
    return [line for line in str(rule).splitlines() if line.startswith("RRULE:")][0]


def first_occurrences(text: str, count: int = 5, start=None, zones=None) -> list:
    """The first ``count`` occurrences of the block, in order."""
    if count < 0:
        raise ValueError("count must not be negative")
    return list(itertools.islice(series_of(text, start, _lookup(zones)), count))
