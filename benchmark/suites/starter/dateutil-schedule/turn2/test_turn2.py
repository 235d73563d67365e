import datetime

import pytest
from dateutil.rrule import rrule

from dateutil_schedule.monthly import monthly_rule, series_between

D = datetime.datetime
R = datetime.date


def test_second_weekday_of_each_month():
    assert series_between("second tuesday 15:00", R(2021, 1, 1), D(2021, 1, 1), D(2021, 6, 30)) == [
        D(2021, 1, 12, 15, 0), D(2021, 2, 9, 15, 0), D(2021, 3, 9, 15, 0),
        D(2021, 4, 13, 15, 0), D(2021, 5, 11, 15, 0), D(2021, 6, 8, 15, 0)]


def test_last_weekday_of_each_month():
    assert series_between("last fr 9am", R(2021, 1, 1), D(2021, 1, 1), D(2021, 4, 30)) == [
        D(2021, 1, 29, 9, 0), D(2021, 2, 26, 9, 0), D(2021, 3, 26, 9, 0)]


def test_months_without_a_fifth_weekday_are_skipped():
    assert series_between("fifth friday 10:00", R(2021, 1, 1), D(2021, 1, 1), D(2021, 12, 31)) == [
        D(2021, 1, 29, 10, 0), D(2021, 4, 30, 10, 0), D(2021, 7, 30, 10, 0), D(2021, 10, 29, 10, 0)]


def test_window_bounds_are_inclusive():
    assert series_between("first mo 9:00", R(2021, 2, 1), D(2021, 2, 1, 9), D(2021, 4, 5, 9)) == [
        D(2021, 2, 1, 9, 0), D(2021, 3, 1, 9, 0), D(2021, 4, 5, 9, 0)]
    assert series_between("first mo 9:00", R(2021, 2, 1), D(2021, 2, 1, 9, 0, 1), D(2021, 4, 5, 8, 59)) == [
        D(2021, 3, 1, 9, 0)]


def test_series_starts_today():
    assert series_between("first mo 9:00", R(2021, 2, 2), D(2021, 1, 1), D(2021, 4, 30)) == [
        D(2021, 3, 1, 9, 0), D(2021, 4, 5, 9, 0)]
    assert series_between("last sunday 23:00", R(2021, 1, 31), D(2021, 1, 1), D(2021, 3, 31)) == [
        D(2021, 1, 31, 23, 0), D(2021, 2, 28, 23, 0), D(2021, 3, 28, 23, 0)]


def test_other_words_and_capitals():
    assert series_between("team sync on the Third Thursday at 10:30", R(2021, 1, 1), D(2021, 1, 1), D(2021, 3, 31)) == [
        D(2021, 1, 21, 10, 30), D(2021, 2, 18, 10, 30), D(2021, 3, 18, 10, 30)]


def test_midnight_and_missing_time():
    assert series_between("fourth su 12am", R(2021, 1, 1), D(2021, 1, 1), D(2021, 3, 31)) == [
        D(2021, 1, 24, 0, 0), D(2021, 2, 28, 0, 0), D(2021, 3, 28, 0, 0)]
    assert series_between("second tuesday", R(2021, 1, 1), D(2021, 1, 1), D(2021, 2, 28)) == [
        D(2021, 1, 12, 0, 0), D(2021, 2, 9, 0, 0)]


def test_monthly_rule_is_a_recurrence_rule():
    rule = monthly_rule("second tuesday 15:00", R(2021, 1, 13))
    assert isinstance(rule, rrule)
    assert rule[0] == D(2021, 2, 9, 15, 0)
    assert rule.after(D(2021, 2, 9, 15, 0)) == D(2021, 3, 9, 15, 0)


def test_exactly_one_ordinal_word_is_required():
    for text in ("tuesday 15:00", "first second tuesday", "first last friday"):
        with pytest.raises(ValueError):
            monthly_rule(text, R(2021, 1, 1))


def test_empty_window():
    assert series_between("second tuesday 15:00", R(2021, 1, 1), D(2021, 1, 13), D(2021, 2, 8)) == []
