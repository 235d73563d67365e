import datetime

import pytest

from clockrules.rulezone import disagreements, later_reading, rule_zone, zone_wall

NY = "EST5EDT,M3.2.0,M11.1.0"
SYD = "AEST-10AEDT,M10.1.0,M4.1.0/3"
UK = "GMT0BST,M3.5.0/1,M10.5.0"
D = datetime.datetime
UTC = datetime.timezone.utc


def test_zone_is_a_tzinfo_with_offsets_and_names():
    zone = rule_zone(NY)
    assert isinstance(zone, datetime.tzinfo)
    summer = D(2024, 7, 1, 12, tzinfo=zone)
    winter = D(2024, 1, 1, 12, tzinfo=zone)
    assert summer.utcoffset() == datetime.timedelta(hours=-4) and summer.tzname() == "EDT"
    assert winter.utcoffset() == datetime.timedelta(hours=-5) and winter.dst() == datetime.timedelta(0)


def test_explicit_summer_offset_and_unreadable_strings():
    zone = rule_zone("NZST-12NZDT-13,M9.5.0,M4.1.0/3")
    assert D(2024, 1, 1, tzinfo=zone).utcoffset() == datetime.timedelta(hours=13)
    with pytest.raises(ValueError):
        rule_zone("EST5EDT,M3.2.0,M11.1.0,foo")


def test_second_reading_of_the_repeated_hour_is_marked():
    assert zone_wall(NY, D(2024, 11, 3, 5, 30)) == (D(2024, 11, 3, 1, 30), 0)
    assert zone_wall(NY, D(2024, 11, 3, 6, 30)) == (D(2024, 11, 3, 1, 30), 1)
    assert zone_wall(SYD, D(2024, 4, 6, 16, 30)) == (D(2024, 4, 7, 2, 30), 1)
    assert zone_wall(UK, D(2024, 10, 27, 1, 30)) == (D(2024, 10, 27, 1, 30), 1)


def test_astimezone_marks_it_too():
    local = D(2024, 11, 3, 6, 30, tzinfo=UTC).astimezone(rule_zone(NY))
    assert (local.replace(tzinfo=None), local.fold, local.tzname()) == (D(2024, 11, 3, 1, 30), 1, "EST")


def test_readings_around_the_skipped_hour_and_fixed_zones():
    assert zone_wall(NY, D(2024, 3, 10, 6, 59)) == (D(2024, 3, 10, 1, 59), 0)
    assert zone_wall(NY, D(2024, 3, 10, 7, 0)) == (D(2024, 3, 10, 3, 0), 0)
    assert zone_wall("GMT+3", D(2024, 1, 1)) == (D(2024, 1, 1, 3, 0), 0)
    assert zone_wall("UTC", D(2024, 1, 1, 5, tzinfo=UTC)) == (D(2024, 1, 1, 5), 0)


def test_later_reading_in_the_repeated_hour():
    assert later_reading(NY, D(2024, 11, 3, 5, 30), D(2024, 11, 3, 1, 30)) == 0
    assert later_reading(NY, D(2024, 11, 3, 6, 30), D(2024, 11, 3, 1, 30)) == 1
    assert later_reading(SYD, D(2024, 4, 6, 16, 30), D(2024, 4, 7, 2, 30)) == 1


def test_later_reading_outside_the_repeated_hour():
    assert later_reading(NY, D(2024, 7, 1, 12), D(2024, 7, 1, 8)) == 0
    assert later_reading(NY, D(2024, 11, 3, 6, 30), D(2024, 11, 3, 2, 30)) == 0


def test_our_zone_agrees_with_dateutils_zone():
    night = [D(2024, 11, 3, 4) + datetime.timedelta(minutes=30 * i) for i in range(8)]
    assert disagreements(NY, night) == []
    spring = [D(2024, 3, 10, 6, 30) + datetime.timedelta(minutes=15 * i) for i in range(6)]
    assert disagreements(NY, spring) == []


def test_disagreements_keep_the_given_order():
    assert disagreements(SYD, [D(2024, 4, 6, 16, 30), D(2024, 4, 6, 15, 30)]) == []
    assert disagreements(UK, []) == []
