import datetime

from clockrules.report import plain_reading, summer_by_rule, year_report

NY = "EST5EDT,M3.2.0,M11.1.0"
SYD = "AEST-10AEDT,M10.1.0,M4.1.0/3"
D = datetime.datetime


def test_plain_readings():
    assert plain_reading(NY, D(2024, 7, 1, 12)) == D(2024, 7, 1, 8)
    assert plain_reading(NY, D(2024, 3, 10, 7, 0)) == D(2024, 3, 10, 3, 0)
    assert plain_reading("GMT+3", D(2024, 1, 1)) == D(2024, 1, 1, 3, 0)


def test_plain_readings_of_the_repeated_hour_are_equal():
    first = plain_reading(NY, D(2024, 11, 3, 5, 30))
    second = plain_reading(NY, D(2024, 11, 3, 6, 30))
    assert first == second == D(2024, 11, 3, 1, 30)
    assert second.fold == 0
    assert plain_reading(SYD, D(2024, 4, 6, 16, 30)) == D(2024, 4, 7, 2, 30)


def test_summer_by_rule_in_the_repeated_hour():
    assert summer_by_rule(NY, D(2024, 11, 3, 1, 30)) is False
    assert summer_by_rule(NY, D(2024, 11, 3, 0, 59)) is True
    assert summer_by_rule(SYD, D(2024, 4, 7, 2, 30)) is False


def test_summer_by_rule_elsewhere():
    assert summer_by_rule(NY, D(2024, 3, 10, 2, 30)) is True
    assert summer_by_rule(SYD, D(2024, 1, 1)) is True
    assert summer_by_rule("EST5EDT", D(2024, 4, 7, 2)) is True
    assert summer_by_rule("IST-5:30", D(2024, 7, 1)) is False


def test_year_report_north():
    report = year_report(NY, 2024)
    assert report["on"] == D(2024, 3, 10, 7, 0) and report["off"] == D(2024, 11, 3, 6, 0)
    assert report["before_on"] == (D(2024, 3, 10, 1, 59, 59), 0)
    assert report["at_on"] == (D(2024, 3, 10, 3, 0), 0)


def test_year_report_repeated_hour():
    report = year_report(NY, 2024)
    assert report["before_off"] == (D(2024, 11, 3, 1, 59, 59), 0)
    assert report["at_off"] == (D(2024, 11, 3, 1, 0), 1)


def test_year_report_south():
    report = year_report(SYD, 2024)
    assert report["on"] == D(2024, 10, 5, 16, 0) and report["off"] == D(2024, 4, 6, 16, 0)
    assert report["before_off"] == (D(2024, 4, 7, 2, 59, 59), 0)
    assert report["at_off"] == (D(2024, 4, 7, 2, 0), 1)


def test_year_report_without_summer_time():
    assert year_report("GMT+3", 2024) is None
    assert year_report("UTC", 2024) is None
