import datetime

from weeks.spans import carry, rest_of_week, week_left, week_span

d = datetime.date


def days(first, count):
    return [first + datetime.timedelta(days=n) for n in range(count)]


def test_rest_of_a_week():
    assert rest_of_week(d(2024, 3, 6)) == days(d(2024, 3, 6), 5)
    assert rest_of_week(d(2024, 3, 4)) == days(d(2024, 3, 4), 7)
    assert rest_of_week(d(2024, 3, 6), week_start=6) == days(d(2024, 3, 6), 4)


def test_last_day_of_a_week():
    assert rest_of_week(d(2024, 3, 4), week_start=1) == [d(2024, 3, 4)]
    assert rest_of_week(d(2024, 12, 29)) == [d(2024, 12, 29)]


def test_weeks_across_the_new_year():
    assert rest_of_week(d(2024, 12, 30)) == days(d(2024, 12, 30), 7)
    assert rest_of_week(d(2024, 12, 31), week_start=2) == [d(2024, 12, 31)]


def test_week_spans():
    assert week_span(d(2024, 3, 6)) == (65, 70)
    assert week_span(d(2024, 1, 1)) == (0, 7)
    assert week_span(d(2024, 3, 4), week_start=1) == (63, 64)


def test_week_spans_past_the_end_of_the_year():
    assert week_span(d(2024, 12, 30)) == (364, 371)
    assert week_span(d(2023, 12, 31), week_start=6) == (364, 371)


def test_carry_into_larger_fields():
    assert carry(hours=30) == {"days": 1, "hours": 6, "minutes": 0, "seconds": 0, "microseconds": 0}
    assert carry(minutes=125, seconds=61) == {"days": 0, "hours": 2, "minutes": 6, "seconds": 1, "microseconds": 0}
    assert carry(microseconds=1500000)["seconds"] == 1


def test_carry_keeps_days_and_signs():
    assert carry(days=40) == {"days": 40, "hours": 0, "minutes": 0, "seconds": 0, "microseconds": 0}
    assert carry(hours=-30) == {"days": -1, "hours": -6, "minutes": 0, "seconds": 0, "microseconds": 0}
    assert carry(seconds=-61) == {"days": 0, "hours": 0, "minutes": -1, "seconds": -1, "microseconds": 0}


def test_carry_mixed_signs():
    assert carry(days=1, hours=-30) == {"days": 0, "hours": -6, "minutes": 0, "seconds": 0, "microseconds": 0}
    assert carry(hours=23, minutes=60)["days"] == 1


def test_week_left_inside_a_year():
    result = week_left("2024-03-06")
    assert result == {"week": 10, "left": days(d(2024, 3, 6), 5), "numbered": days(d(2024, 3, 6), 5)}


def test_week_left_from_a_week_date():
    assert week_left("2024-W10-5", week_start=6) == {"week": 10, "left": days(d(2024, 3, 8), 2), "numbered": days(d(2024, 3, 8), 2)}


def test_week_left_at_the_turn_of_the_year():
    result = week_left("2024-12-30")
    assert result["week"] == 1 and result["left"] == result["numbered"] == days(d(2024, 12, 30), 7)
    assert week_left("2021-01-02")["numbered"] == [d(2021, 1, 2), d(2021, 1, 3)]
