import datetime

from dateutil.rrule import DAILY, FR, MO, TH, TU, WE, rrule, rruleset

from dateutil_schedule.holidays import holidays
from dateutil_schedule.moved import moved_meetings
from dateutil_schedule.slots import parse_slot


def reminders(text: str, today: datetime.date, specs: list[str], count: int, days_before: int,
              at: str = "9:00") -> list[tuple[datetime.datetime, datetime.datetime]]:
    pairs = []
    for meeting in moved_meetings(text, today, specs, count):
        day = datetime.datetime.combine(meeting.date(), datetime.time())
        if days_before > 0:
            working = rruleset()
            first = day - datetime.timedelta(days=7 * days_before + 14)
            working.rrule(rrule(DAILY, dtstart=first, byweekday=(MO, TU, WE, TH, FR)))
            for year in range(first.year, day.year + 1):
                for closed in holidays(year, specs):
                    working.exdate(datetime.datetime.combine(closed, datetime.time()))
            for _ in range(days_before):
                day = working.before(day)
        pairs.append((parse_slot(at, day.date()), meeting))
    return pairs
