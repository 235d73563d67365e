import datetime

import pytest

from dateutil_schedule.holidays import holiday_free, holidays

D = datetime.datetime
R = datetime.date


def test_fixed_holidays_sorted():
    assert holidays(2021, ["12-25", "01-01", "05-01"]) == [R(2021, 1, 1), R(2021, 5, 1), R(2021, 12, 25)]


def test_days_relative_to_western_easter():
    assert holidays(2021, ["easter", "easter-2", "easter+1", "easter+39", "easter+50"]) == [
        R(2021, 4, 2), R(2021, 4, 4), R(2021, 4, 5), R(2021, 5, 13), R(2021, 5, 24)]


def test_orthodox_easter_is_a_gregorian_date():
    assert holidays(2021, ["orthodox easter", "Orthodox Easter+1", " EASTER "]) == [
        R(2021, 4, 4), R(2021, 5, 2), R(2021, 5, 3)]
    assert holidays(2024, ["orthodox easter", "easter"]) == [R(2024, 3, 31), R(2024, 5, 5)]


def test_duplicates_are_merged():
    assert holidays(2025, ["orthodox easter", "easter"]) == [R(2025, 4, 20)]
    assert holidays(2021, ["easter+1", " EASTER+1 ", "04-05"]) == [R(2021, 4, 5)]


def test_february_29_only_in_leap_years():
    assert holidays(2021, ["02-29"]) == []
    assert holidays(2024, ["02-29"]) == [R(2024, 2, 29)]


def test_unknown_holiday_raises():
    for spec in ("christmas", "easter*2", ""):
        with pytest.raises(ValueError):
            holidays(2021, [spec])


def test_meetings_on_holidays_are_dropped():
    assert holiday_free("first monday 10:00", R(2021, 3, 1), ["easter+1"], 3) == [
        D(2021, 3, 1, 10, 0), D(2021, 5, 3, 10, 0), D(2021, 6, 7, 10, 0)]
    assert holiday_free("first mo 10:00", R(2021, 4, 1), ["orthodox easter+1"], 3) == [
        D(2021, 4, 5, 10, 0), D(2021, 6, 7, 10, 0), D(2021, 7, 5, 10, 0)]


def test_holidays_of_each_year_across_new_year():
    assert holiday_free("last saturday 9:00", R(2021, 11, 1), ["12-25"], 3) == [
        D(2021, 11, 27, 9, 0), D(2022, 1, 29, 9, 0), D(2022, 2, 26, 9, 0)]
    assert holiday_free("last saturday 9:00", R(2021, 11, 1), [], 3) == [
        D(2021, 11, 27, 9, 0), D(2021, 12, 25, 9, 0), D(2022, 1, 29, 9, 0)]


def test_movable_holidays_in_another_year():
    assert holiday_free("last friday 9am", R(2024, 3, 1), ["easter-2", "orthodox easter-2"], 3) == [
        D(2024, 4, 26, 9, 0), D(2024, 5, 31, 9, 0), D(2024, 6, 28, 9, 0)]
    assert holiday_free("second tuesday 15:00", R(2021, 1, 1), ["01-12", "02-09"], 2) == [
        D(2021, 3, 9, 15, 0), D(2021, 4, 13, 15, 0)]


def test_no_meetings_asked():
    assert holiday_free("first monday 10:00", R(2021, 3, 1), ["easter+1"], 0) == []
