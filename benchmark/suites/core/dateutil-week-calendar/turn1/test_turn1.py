import datetime

import pytest

from weeks.isoweek import read_week_date, week_date, week_label

d = datetime.date


def test_week_dates():
    assert week_date(2024, 10, 3) == d(2024, 3, 6)
    assert week_date(2024, 1) == d(2024, 1, 1)
    assert week_date(2025, 1, 1) == d(2024, 12, 30)


def test_week_53_of_any_year():
    assert week_date(2020, 53, 7) == d(2021, 1, 3)
    assert week_date(2021, 53, 1) == d(2022, 1, 3)


def test_weeks_and_days_out_of_range():
    for bad in ((2024, 54, 1), (2024, 0, 1), (2024, 1, 8), (2024, 1, 0)):
        with pytest.raises(ValueError):
            week_date(*bad)


def test_reading_week_dates():
    assert read_week_date("2024-W10-3") == d(2024, 3, 6)
    assert read_week_date("2024W103") == d(2024, 3, 6)
    assert read_week_date("2024-W10") == read_week_date("2024W10") == d(2024, 3, 4)
    assert read_week_date(" 2024-W10-3 ") == d(2024, 3, 6)


def test_reading_ordinal_dates():
    assert read_week_date("2024-060") == read_week_date("2024060") == d(2024, 2, 29)
    assert read_week_date("2024-366") == d(2024, 12, 31)
    assert read_week_date("2021-W53-1") == d(2022, 1, 3)


def test_refused_forms():
    for bad in ("2023-366", "2024-000", "2024-W103", "2024W10-3", "2024-W10-3x", "2024-W1", "2024-03-05", "2024"):
        with pytest.raises(ValueError):
            read_week_date(bad)


def test_only_strings():
    with pytest.raises(TypeError):
        read_week_date(20240603)


def test_labels():
    assert week_label(d(2024, 3, 6)) == "2024-W10-3"
    assert week_label(d(2021, 1, 1)) == "2020-W53-5"
    assert week_label(d(2024, 12, 30)) == "2025-W01-1"


def test_labels_read_back():
    for day in (d(2024, 3, 6), d(2021, 1, 1), d(2024, 12, 30), d(2026, 12, 31)):
        assert read_week_date(week_label(day)) == day


def test_a_year_of_labels():
    day = d(2024, 1, 1)
    while day.year == 2024:
        assert read_week_date(week_label(day)) == day
        day += datetime.timedelta(days=17)
