import datetime

import pytest

from weeks.numbering import any_date, iso_agrees, numbered_week, week_of_text

d = datetime.date


def days(first, count):
    return [first + datetime.timedelta(days=n) for n in range(count)]


def test_a_week_inside_the_year():
    assert numbered_week(2024, 10) == days(d(2024, 3, 4), 7)
    assert numbered_week(2024, 10, week_start=2) == days(d(2024, 3, 6), 7)
    assert numbered_week(2024, 52) == numbered_week(2024, -1) == days(d(2024, 12, 23), 7)


def test_week_one_also_marks_next_years_first_week():
    assert numbered_week(2024, 1) == days(d(2024, 1, 1), 7) + days(d(2024, 12, 30), 7)
    assert numbered_week(2024, 1, week_start=6) == days(d(2024, 1, 1), 6) + days(d(2024, 12, 29), 7)


def test_first_weeks_that_start_in_the_year_before():
    assert numbered_week(2025, 1) == days(d(2025, 1, 1), 5) + days(d(2025, 12, 29), 7)
    assert numbered_week(2026, 1) == days(d(2026, 1, 1), 4)


def test_last_weeks():
    assert numbered_week(2020, 53) == days(d(2020, 12, 28), 7)
    assert numbered_week(2021, 53) == days(d(2021, 1, 1), 3)
    assert numbered_week(2021, -1) == days(d(2021, 1, 1), 3) + days(d(2021, 12, 27), 7)


def test_any_iso_date():
    assert any_date("2024-03-05") == any_date("20240305") == d(2024, 3, 5)
    assert any_date("2024-03") == d(2024, 3, 1)
    assert any_date("2024") == d(2024, 1, 1)
    assert any_date("2024-W10-3") == d(2024, 3, 6) and any_date("2024-060") == d(2024, 2, 29)


def test_refused_dates():
    for bad in ("202403", "2024-3-5", "2024-03-05T10", "24"):
        with pytest.raises(ValueError):
            any_date(bad)


def test_week_of_a_date():
    assert week_of_text("2024-03-06") == 10
    assert week_of_text("2024-03-06", week_start=2) == 10
    assert week_of_text("2024-W10-5", week_start=6) == 10


def test_week_of_dates_near_the_turn_of_the_year():
    assert week_of_text("2024-12-30") == 1
    assert week_of_text("2024-12-29", week_start=6) == 1
    assert week_of_text("2021-01-02") == 53
    assert week_of_text("2026-01-01", week_start=6) == 53


def test_iso_agreement():
    assert iso_agrees(2024, 52) and iso_agrees(2020, 53) and iso_agrees(2027, 1)
    assert not iso_agrees(2024, 1)
    assert not iso_agrees(2021, 53)


def test_iso_agreement_of_short_first_weeks():
    assert not iso_agrees(2025, 1) and not iso_agrees(2026, 1)
    assert iso_agrees(2026, 53)
