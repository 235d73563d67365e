"""Written from the documentation only (datetime.tzinfo, PEP 495, dateutil.tz).

Zone objects of our own, driven by the summer-time rule of a TZ string."""

import datetime

from clockrules.convert import in_summer, to_wall
from clockrules.spec import read_spec


class RuleZone(datetime.tzinfo):
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
            self._summer = self._standard + datetime.timedelta(hours=1 if fields["dst"] else 0)

    def _is_summer(self, dt):
        return in_summer(self.spec, dt.replace(tzinfo=None), dt.fold)

    def utcoffset(self, dt):
        return self._summer if self._is_summer(dt) else self._standard

    def dst(self, dt):
        return self._summer - self._standard if self._is_summer(dt) else datetime.timedelta(0)

    def tzname(self, dt):
        return self._names[self._is_summer(dt)]


def rule_zone(spec: str) -> datetime.tzinfo:
    return RuleZone(spec)


def zone_wall(spec: str, utc) -> tuple:
    zone = RuleZone(spec)
    if utc.tzinfo is None:
        utc = utc.replace(tzinfo=datetime.timezone.utc)
    local = utc.astimezone(zone)
    return local.replace(tzinfo=None), local.fold


def later_reading(spec: str, utc, wall) -> int:
    # PEP 495: fold=1 marks the later of two equal readings
    zone = RuleZone(spec)
    first = wall.replace(tzinfo=zone, fold=0).astimezone(datetime.timezone.utc).replace(tzinfo=None)
    second = wall.replace(tzinfo=zone, fold=1).astimezone(datetime.timezone.utc).replace(tzinfo=None)
    return int(first != second and utc == second)


def disagreements(spec: str, instants) -> list:
    return [utc for utc in instants if zone_wall(spec, utc) != to_wall(spec, utc)[:2]]
