import datetime

from dateutil.rrule import rruleset

from invites.daily import dropped, one_per_day

D = datetime.datetime
BLOCK = """DTSTART:20240101T090000
RRULE:FREQ=DAILY;BYHOUR=9,15;COUNT=6
RDATE:20240102T080000,20240104T200000
EXDATE:20240103T090000"""
KEPT = [D(2024, 1, 1, 9), D(2024, 1, 2, 8), D(2024, 1, 3, 15), D(2024, 1, 4, 20)]


def test_first_occurrence_of_each_day():
    series = one_per_day(BLOCK)
    assert isinstance(series, rruleset)
    assert list(series) == KEPT


def test_count_and_indexing():
    series = one_per_day(BLOCK)
    assert series.count() == 4
    assert series[1] == D(2024, 1, 2, 8) and series[-1] == D(2024, 1, 4, 20)


def test_count_before_iterating():
    assert one_per_day(BLOCK).count() == 4


def test_membership():
    series = one_per_day(BLOCK)
    assert D(2024, 1, 2, 9) not in series and D(2024, 1, 2, 8) in series


def test_searches():
    series = one_per_day(BLOCK)
    assert series.between(D(2024, 1, 2), D(2024, 1, 3, 23)) == [D(2024, 1, 2, 8), D(2024, 1, 3, 15)]
    assert series.after(D(2024, 1, 2, 8)) == D(2024, 1, 3, 15)
    assert series.before(D(2024, 1, 4)) == D(2024, 1, 3, 15)


def test_cached_series():
    series = one_per_day(BLOCK, cache=True)
    assert list(series) == list(series) == KEPT
    assert series.count() == 4 and series[2] == D(2024, 1, 3, 15)


def test_series_with_one_occurrence_a_day_are_unchanged():
    block = "DTSTART:20240101T090000\nRRULE:FREQ=DAILY;COUNT=3"
    assert list(one_per_day(block)) == [D(2024, 1, 1, 9), D(2024, 1, 2, 9), D(2024, 1, 3, 9)]


def test_dropped_occurrences():
    assert dropped(BLOCK) == [D(2024, 1, 1, 15), D(2024, 1, 2, 9), D(2024, 1, 2, 15)]
    assert dropped(BLOCK, 3) == [D(2024, 1, 1, 15)]


def test_dropped_from_an_endless_rule():
    assert dropped("RRULE:FREQ=HOURLY;INTERVAL=10", 6, start=D(2024, 1, 1)) == [
        D(2024, 1, 1, 10), D(2024, 1, 1, 20), D(2024, 1, 2, 16)]


def test_nothing_dropped():
    assert dropped("DTSTART:20240101T090000\nRRULE:FREQ=DAILY;COUNT=3") == []
