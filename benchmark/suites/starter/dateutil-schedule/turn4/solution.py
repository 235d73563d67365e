import datetime

from dateutil.rrule import DAILY, FR, MO, TH, TU, WE, rrule, rruleset

from dateutil_schedule.holidays import holidays
from dateutil_schedule.monthly import monthly_rule


def _next_working_day(moment: datetime.datetime, specs: list[str]) -> datetime.datetime:
    days = rruleset()
    days.rrule(rrule(DAILY, dtstart=moment, byweekday=(MO, TU, WE, TH, FR)))
    for year in (moment.year, moment.year + 1):
        for day in holidays(year, specs):
            days.exdate(datetime.datetime.combine(day, moment.time()))
    return days.after(moment, inc=True)


def moved_meetings(text: str, today: datetime.date, specs: list[str], count: int) -> list[datetime.datetime]:
    meetings: list[datetime.datetime] = []
    if count <= 0:
        return meetings
    for meeting in monthly_rule(text, today):
        meetings.append(_next_working_day(meeting, specs))
        if len(meetings) == count:
            break
    return meetings
