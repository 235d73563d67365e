import datetime

from dateutil_schedule.reminders import reminders

D = datetime.datetime
R = datetime.date


def test_one_working_day_before():
    assert reminders("second tuesday 15:00", R(2021, 1, 1), [], 2, 1) == [
        (D(2021, 1, 11, 9, 0), D(2021, 1, 12, 15, 0)), (D(2021, 2, 8, 9, 0), D(2021, 2, 9, 15, 0))]


def test_weekends_are_not_working_days():
    assert reminders("first monday 10:00", R(2021, 2, 1), [], 2, 1) == [
        (D(2021, 1, 29, 9, 0), D(2021, 2, 1, 10, 0)), (D(2021, 2, 26, 9, 0), D(2021, 3, 1, 10, 0))]


def test_holidays_are_not_working_days():
    assert reminders("first monday 10:00", R(2021, 3, 1), ["easter-2", "easter+1"], 3, 2) == [
        (D(2021, 2, 25, 9, 0), D(2021, 3, 1, 10, 0)),
        (D(2021, 3, 31, 9, 0), D(2021, 4, 6, 10, 0)),
        (D(2021, 4, 29, 9, 0), D(2021, 5, 3, 10, 0))]


def test_zero_days_before_is_the_meeting_day():
    assert reminders("second tuesday 15:00", R(2021, 1, 1), [], 2, 0) == [
        (D(2021, 1, 12, 9, 0), D(2021, 1, 12, 15, 0)), (D(2021, 2, 9, 9, 0), D(2021, 2, 9, 15, 0))]


def test_reminder_time_is_read_like_a_slot():
    assert reminders("second tuesday 15:00", R(2021, 1, 1), [], 2, 0, "17:30") == [
        (D(2021, 1, 12, 17, 30), D(2021, 1, 12, 15, 0)), (D(2021, 2, 9, 17, 30), D(2021, 2, 9, 15, 0))]


def test_reminders_follow_moved_meetings():
    assert reminders("first monday 10:00", R(2021, 3, 1), ["easter+1"], 3, 1, "8am") == [
        (D(2021, 2, 26, 8, 0), D(2021, 3, 1, 10, 0)),
        (D(2021, 4, 2, 8, 0), D(2021, 4, 6, 10, 0)),
        (D(2021, 4, 30, 8, 0), D(2021, 5, 3, 10, 0))]


def test_holidays_of_the_previous_year():
    assert reminders("first monday 10:00", R(2021, 12, 1), ["01-03", "12-31"], 2, 1) == [
        (D(2021, 12, 3, 9, 0), D(2021, 12, 6, 10, 0)), (D(2021, 12, 30, 9, 0), D(2022, 1, 4, 10, 0))]
    assert reminders("first monday 10:00", R(2021, 12, 1), [], 2, 1) == [
        (D(2021, 12, 3, 9, 0), D(2021, 12, 6, 10, 0)), (D(2021, 12, 31, 9, 0), D(2022, 1, 3, 10, 0))]


def test_several_working_days_across_a_month():
    assert reminders("first monday 10:00", R(2021, 12, 1), ["12-31"], 2, 3) == [
        (D(2021, 12, 1, 9, 0), D(2021, 12, 6, 10, 0)), (D(2021, 12, 28, 9, 0), D(2022, 1, 3, 10, 0))]


def test_a_full_week_before():
    assert reminders("last friday 16:00", R(2021, 11, 1), ["12-31", "01-03"], 3, 5) == [
        (D(2021, 11, 19, 9, 0), D(2021, 11, 26, 16, 0)),
        (D(2021, 12, 24, 9, 0), D(2022, 1, 4, 16, 0)),
        (D(2022, 1, 21, 9, 0), D(2022, 1, 28, 16, 0))]


def test_no_meetings_no_reminders():
    assert reminders("second tuesday 15:00", R(2021, 1, 1), [], 0, 1) == []
