import datetime

from dateutil.utils import within_delta

from dateutil_stamps.interval import parse_interval


def merge_intervals(texts: list[str], reference: datetime.date, assume: str = "Z", slack_seconds: float = 0.0,
                    dayfirst: bool = False, zones: dict[str, int] | None = None
                    ) -> list[tuple[datetime.datetime, datetime.datetime]]:
    intervals = sorted(parse_interval(text, reference, assume=assume, dayfirst=dayfirst, zones=zones)
                       for text in texts)
    slack = datetime.timedelta(seconds=slack_seconds)
    merged: list[tuple[datetime.datetime, datetime.datetime]] = []
    for start, end in intervals:
        if merged and (start <= merged[-1][1] or within_delta(merged[-1][1], start, slack)):
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
