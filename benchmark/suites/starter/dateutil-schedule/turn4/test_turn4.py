import datetime

from dateutil_schedule.moved import moved_meetings

D = datetime.datetime
R = datetime.date


def test_meeting_on_a_holiday_moves_to_the_next_working_day():
    assert moved_meetings("first monday 10:00", R(2021, 3, 1), ["easter+1"], 3) == [
        D(2021, 3, 1, 10, 0), D(2021, 4, 6, 10, 0), D(2021, 5, 3, 10, 0)]


def test_consecutive_holidays_are_all_skipped():
    assert moved_meetings("first monday 10:00", R(2021, 3, 1), ["easter+1", "easter+2"], 3) == [
        D(2021, 3, 1, 10, 0), D(2021, 4, 7, 10, 0), D(2021, 5, 3, 10, 0)]


def test_weekend_meetings_move_to_monday():
    assert moved_meetings("last saturday 9:00", R(2021, 1, 1), [], 3) == [
        D(2021, 2, 1, 9, 0), D(2021, 3, 1, 9, 0), D(2021, 3, 29, 9, 0)]


def test_weekend_followed_by_a_holiday():
    assert moved_meetings("first sunday 9:00", R(2021, 3, 1), ["easter+1"], 2) == [
        D(2021, 3, 8, 9, 0), D(2021, 4, 6, 9, 0)]
    assert moved_meetings("first sunday 9:00", R(2021, 3, 1), [], 2) == [
        D(2021, 3, 8, 9, 0), D(2021, 4, 5, 9, 0)]


def test_moving_into_the_next_year_uses_its_holidays():
    assert moved_meetings("last friday 16:00", R(2021, 11, 1), ["12-31", "01-03"], 3) == [
        D(2021, 11, 26, 16, 0), D(2022, 1, 4, 16, 0), D(2022, 1, 28, 16, 0)]


def test_without_holidays_the_series_is_unchanged():
    assert moved_meetings("last friday 16:00", R(2021, 11, 1), [], 3) == [
        D(2021, 11, 26, 16, 0), D(2021, 12, 31, 16, 0), D(2022, 1, 28, 16, 0)]


def test_fixed_date_holiday():
    assert moved_meetings("second tuesday 15:00", R(2021, 1, 1), ["01-12"], 2) == [
        D(2021, 1, 13, 15, 0), D(2021, 2, 9, 15, 0)]


def test_orthodox_easter_monday():
    assert moved_meetings("first mo 10:00", R(2021, 5, 1), ["orthodox easter+1"], 2) == [
        D(2021, 5, 4, 10, 0), D(2021, 6, 7, 10, 0)]


def test_moved_meeting_can_leave_its_month():
    assert moved_meetings("fifth friday 10:00", R(2021, 4, 1), ["04-30", "05-03"], 2) == [
        D(2021, 5, 4, 10, 0), D(2021, 7, 30, 10, 0)]


def test_no_meetings_asked():
    assert moved_meetings("first monday 10:00", R(2021, 3, 1), ["easter+1"], 0) == []
