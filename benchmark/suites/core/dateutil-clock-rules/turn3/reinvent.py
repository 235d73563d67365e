"""Zone objects of our own, driven by the summer-time rule of a TZ string."""

import datetime

from dateutil.tz import enfold
from dateutil.tz._common import _tzinfo

from clockrules.convert import in_summer, to_wall
from clockrules.spec import read_spec

_HOUR = datetime.timedelta(hours=1)


class RuleZone(_tzinfo):
    """A zone whose summer time is decided by ``in_summer`` for its TZ string."""

    def __init__(self, spec: str):
        fields = read_spec(spec)
        if fields["leftover"]:
            raise ValueError(f"unreadable TZ string: {spec!r}")
        seconds = fields["std_offset"] or 0
        if fields["std"] in ("GMT", "UTC"):
            seconds = -seconds
        self.spec = spec
        self._names = (fields["std"], fields["dst"] or fields["std"])
        self._standard = datetime.timedelta(seconds=seconds)
        if fields["dst_offset"] is not None:
            self._summer = datetime.timedelta(seconds=fields["dst_offset"])
        else:
            self._summer = self._standard + (_HOUR if fields["dst"] else datetime.timedelta(0))

    def _is_summer(self, dt) -> bool:
        return in_summer(self.spec, dt.replace(tzinfo=None), getattr(dt, "fold", 0))

    def utcoffset(self, dt):
        return self._summer if self._is_summer(dt) else self._standard

    def dst(self, dt):
        return self._summer - self._standard if self._is_summer(dt) else datetime.timedelta(0)

    def tzname(self, dt):
        return self._names[self._is_summer(dt)]

    def __repr__(self):
        return f"RuleZone({self.spec!r})"


def rule_zone(spec: str) -> RuleZone:
    """The zone of ``spec`` as a ``datetime.tzinfo`` of ours."""
    return RuleZone(spec)


def zone_wall(spec: str, utc: datetime.datetime) -> tuple:
    """(wall, fold) of the instant ``utc`` (naive means UTC) on our zone of ``spec``."""
    zone = RuleZone(spec)
    if utc.tzinfo is not None:
        utc = utc.astimezone(datetime.timezone.utc).replace(tzinfo=None)
    dt = utc.replace(tzinfo=zone)
    wall = zone._fromutc(dt)
    local = enfold(wall, fold=zone._fold_status(dt, wall))
    return local.replace(tzinfo=None), local.fold


def later_reading(spec: str, utc: datetime.datetime, wall: datetime.datetime) -> int:
    """1 when ``wall``, read on our zone of ``spec`` for the instant ``utc`` (naive, UTC),
    is taken for the later of two equal readings, else 0."""
    zone = RuleZone(spec)
    return zone._fold_status(utc.replace(tzinfo=zone), enfold(wall.replace(tzinfo=zone), fold=1))


def disagreements(spec: str, instants) -> list:
    """The instants (naive UTC) at which our zone and dateutil's zone of ``spec`` read differently
    (wall time or fold), in the order given."""
    out = []
    for utc in instants:
        wall, fold = zone_wall(spec, utc)
        theirs, their_fold, _ = to_wall(spec, utc)
        if (wall, fold) != (theirs, their_fold):
            out.append(utc)
    return out
