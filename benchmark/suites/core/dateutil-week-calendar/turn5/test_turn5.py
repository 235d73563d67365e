import datetime

from dateutil.rrule import DAILY, FR, MO, WEEKLY, rrule

from weeks.schedule import next_free, skipping_rule, week_slots

D = datetime.datetime
d = datetime.date
HOLIDAYS = {d(2024, 12, 25), d(2024, 12, 26), d(2025, 1, 1)}


def christmas_week():
    return skipping_rule(DAILY, skip=HOLIDAYS, dtstart=D(2024, 12, 23, 9), count=6)


def test_occurrences_skip_the_dates():
    rule = christmas_week()
    assert isinstance(rule, rrule)
    assert list(rule) == [D(2024, 12, 23, 9), D(2024, 12, 24, 9), D(2024, 12, 27, 9), D(2024, 12, 28, 9)]


def test_count_indexing_and_membership():
    rule = christmas_week()
    assert rule.count() == 4
    assert rule[2] == D(2024, 12, 27, 9) and rule[-1] == D(2024, 12, 28, 9)
    assert D(2024, 12, 25, 9) not in rule and D(2024, 12, 27, 9) in rule


def test_count_before_iterating():
    assert christmas_week().count() == 4


def test_queries():
    rule = christmas_week()
    assert rule.after(D(2024, 12, 24, 12)) == D(2024, 12, 27, 9)
    assert rule.before(D(2024, 12, 27)) == D(2024, 12, 24, 9)
    assert rule.between(D(2024, 12, 24), D(2024, 12, 31)) == [D(2024, 12, 24, 9), D(2024, 12, 27, 9), D(2024, 12, 28, 9)]


def test_cached_rules():
    rule = skipping_rule(WEEKLY, skip={d(2024, 3, 8)}, dtstart=D(2024, 3, 4, 8), byweekday=(MO, FR), count=4, cache=True)
    assert rule.count() == 3
    assert list(rule) == list(rule) == [D(2024, 3, 4, 8), D(2024, 3, 11, 8), D(2024, 3, 15, 8)]
    assert rule[1] == D(2024, 3, 11, 8) and rule[0:2] == [D(2024, 3, 4, 8), D(2024, 3, 11, 8)]


def test_nothing_skipped_or_everything_skipped():
    assert list(skipping_rule(DAILY, dtstart=D(2024, 1, 1), count=3)) == [D(2024, 1, 1), D(2024, 1, 2), D(2024, 1, 3)]
    rule = skipping_rule(DAILY, skip=[d(2024, 1, 1), d(2024, 1, 2)], dtstart=D(2024, 1, 1), until=D(2024, 1, 2))
    assert list(rule) == [] and rule.count() == 0


def test_week_slots():
    slots = week_slots(2024, 1, skip={d(2024, 1, 1), d(2025, 1, 1)})
    assert slots[0] == D(2024, 1, 2) and slots[5] == D(2024, 1, 7)
    assert slots[6:] == [D(2024, 12, 30), D(2024, 12, 31), D(2025, 1, 2), D(2025, 1, 3), D(2025, 1, 4), D(2025, 1, 5)]


def test_week_slots_of_a_short_week():
    assert week_slots(2021, 53) == [D(2021, 1, 1), D(2021, 1, 2), D(2021, 1, 3)]


def test_next_free_day():
    assert next_free(d(2024, 12, 25), HOLIDAYS) == d(2024, 12, 27)
    assert next_free(d(2024, 12, 24), HOLIDAYS) == d(2024, 12, 24)


def test_no_free_day_left():
    assert next_free(d(2024, 12, 28), {d(2024, 12, 28), d(2024, 12, 29)}) is None
    assert next_free(d(2024, 12, 31), {d(2024, 12, 31)}, week_start=2) is None
