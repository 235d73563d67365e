"""Numbered weeks with any first day of the week, as dateutil's recurrence rules number them."""

import calendar
import datetime

from dateutil.parser.isoparser import isoparser
from dateutil.rrule import YEARLY, rrule
from six.moves import range

from weeks.isoweek import read_week_date, week_date


def numbered_week(year: int, week: int, week_start: int = 0) -> list:
    """The days (dates, in order) that dateutil's yearly rules for ``year`` select for week number
    ``week`` (negative: counted from the end of the year) when weeks start on ``week_start``
    (0 = Monday)."""
    rule = rrule(YEARLY, dtstart=datetime.datetime(year, 1, 1), byweekno=[week], wkst=week_start)
    weeks, wkst = rule._byweekno, rule._wkst
    yearlen = 365 + calendar.isleap(year)
    firstyday = datetime.date(year, 1, 1)
    yearordinal, yearweekday = firstyday.toordinal(), firstyday.weekday()
    wdaymask = (list(range(7)) * 55)[yearweekday:]
    mask = [0] * (yearlen + 7)
    no1wkst = firstwkst = (7 - yearweekday + wkst) % 7
    if no1wkst >= 4:
        no1wkst = 0
        wyearlen = yearlen + (yearweekday - wkst) % 7
    else:
        wyearlen = yearlen - no1wkst
    div, mod = divmod(wyearlen, 7)
    numweeks = div + mod // 4
    for n in weeks:
        if n < 0:
            n += numweeks + 1
        if not (0 < n <= numweeks):
            continue
        i = no1wkst + (n - 1) * 7 - (7 - firstwkst if n > 1 and no1wkst != firstwkst else 0)
        for _ in range(7):
            mask[i] = 1
            i += 1
            if wdaymask[i] == wkst:
                break
    if 1 in weeks:
        i = no1wkst + numweeks * 7
        if no1wkst != firstwkst:
            i -= 7 - firstwkst
        if i < yearlen:
            for _ in range(7):
                mask[i] = 1
                i += 1
                if wdaymask[i] == wkst:
                    break
    if no1wkst:
        if -1 not in weeks:
            lyearweekday = datetime.date(year - 1, 1, 1).weekday()
            lno1wkst = (7 - lyearweekday + wkst) % 7
            lyearlen = 365 + calendar.isleap(year - 1)
            if lno1wkst >= 4:
                lnumweeks = 52 + (lyearlen + (lyearweekday - wkst) % 7) % 7 // 4
            else:
                lnumweeks = 52 + (yearlen - no1wkst) % 7 // 4
        else:
            lnumweeks = -1
        if lnumweeks in weeks:
            for i in range(no1wkst):
                mask[i] = 1
    return [datetime.date.fromordinal(yearordinal + index) for index, marked in enumerate(mask) if marked]


def any_date(text: str) -> datetime.date:
    """The date of an ISO date in any form dateutil's ISO reader takes for a date ("2024-03-05",
    "20240305", "2024-03", "2024", and turn 1's week and ordinal dates); ValueError for anything
    else, text left over included."""
    raw = text.strip().encode("ascii")
    (year, month, day), used = isoparser()._parse_isodate(raw)
    if used != len(raw):
        raise ValueError(f"text left over in {text!r}")
    return datetime.date(year, month, day)


def week_of_text(text: str, week_start: int = 0) -> int:
    """The smallest week number of ``numbered_week`` for the date's own year whose days hold the date
    of ``text`` (turn 1's forms when it holds a "W", else ``any_date``)."""
    day = read_week_date(text) if "W" in text else any_date(text)
    for week in range(1, 54):
        if day in numbered_week(day.year, week, week_start):
            return week
    raise ValueError(f"no numbered week holds {day}")


def iso_agrees(year: int, week: int) -> bool:
    """Whether ``numbered_week(year, week)`` (Monday weeks) is exactly the seven days of turn 1's ISO
    week ``week`` of ``year``."""
    monday = week_date(year, week, 1)
    return numbered_week(year, week) == [monday + datetime.timedelta(days=n) for n in range(7)]
