import datetime

from clockrules.convert import in_summer, switch_instants, to_wall

NY = "EST5EDT,M3.2.0,M11.1.0"
SYD = "AEST-10AEDT,M10.1.0,M4.1.0/3"
UK = "GMT0BST,M3.5.0/1,M10.5.0"
D = datetime.datetime


def test_summer_and_winter():
    assert in_summer(NY, D(2024, 7, 1)) is True
    assert in_summer(NY, D(2024, 1, 15)) is False
    assert in_summer(SYD, D(2024, 1, 1)) is True
    assert in_summer(SYD, D(2024, 7, 1)) is False


def test_repeated_hour_depends_on_fold():
    assert in_summer(NY, D(2024, 11, 3, 1, 30)) is True
    assert in_summer(NY, D(2024, 11, 3, 1, 30), fold=1) is False
    assert in_summer(SYD, D(2024, 4, 7, 2, 30), fold=1) is False


def test_skipped_hour_and_zones_without_summer():
    assert in_summer(NY, D(2024, 3, 10, 2, 30)) is True
    assert in_summer(NY, D(2024, 3, 10, 2, 30), fold=1) is True
    assert in_summer("IST-5:30", D(2024, 7, 1)) is False
    assert in_summer("UTC", D(2024, 7, 1)) is False
    assert in_summer(NY, D(2024, 7, 1, tzinfo=datetime.timezone.utc)) is True


def test_wall_readings_around_the_repeated_hour():
    assert to_wall(NY, D(2024, 11, 3, 5, 30)) == (D(2024, 11, 3, 1, 30), 0, "EDT")
    assert to_wall(NY, D(2024, 11, 3, 6, 30)) == (D(2024, 11, 3, 1, 30), 1, "EST")
    assert to_wall(UK, D(2024, 10, 27, 0, 30)) == (D(2024, 10, 27, 1, 30), 0, "BST")
    assert to_wall(UK, D(2024, 10, 27, 1, 30)) == (D(2024, 10, 27, 1, 30), 1, "GMT")


def test_wall_readings_around_the_skipped_hour():
    assert to_wall(NY, D(2024, 3, 10, 6, 59)) == (D(2024, 3, 10, 1, 59), 0, "EST")
    assert to_wall(NY, D(2024, 3, 10, 7, 0)) == (D(2024, 3, 10, 3, 0), 0, "EDT")


def test_southern_and_fixed_zones():
    assert to_wall(SYD, D(2024, 4, 6, 15, 30)) == (D(2024, 4, 7, 2, 30), 0, "AEDT")
    assert to_wall(SYD, D(2024, 4, 6, 16, 30)) == (D(2024, 4, 7, 2, 30), 1, "AEST")
    assert to_wall("GMT+3", D(2024, 1, 1)) == (D(2024, 1, 1, 3, 0), 0, "GMT")
    assert to_wall("UTC", D(2024, 1, 1)) == (D(2024, 1, 1), 0, "UTC")


def test_aware_instants_are_converted_first():
    plus_two = datetime.timezone(datetime.timedelta(hours=2))
    assert to_wall(NY, D(2024, 11, 3, 5, 30, tzinfo=plus_two)) == (D(2024, 11, 2, 23, 30), 0, "EDT")


def test_switch_instants_north():
    assert switch_instants(NY, 2024) == (D(2024, 3, 10, 7, 0), D(2024, 11, 3, 6, 0))
    assert switch_instants(UK, 2024) == (D(2024, 3, 31, 1, 0), D(2024, 10, 27, 1, 0))
    assert switch_instants("EST5EDT", 2024) == (D(2024, 4, 7, 7, 0), D(2024, 10, 27, 6, 0))


def test_switch_instants_south():
    assert switch_instants(SYD, 2024) == (D(2024, 10, 5, 16, 0), D(2024, 4, 6, 16, 0))
    assert switch_instants("NZST-12NZDT-13,M9.5.0,M4.1.0/3", 2024) == (D(2024, 9, 28, 14, 0), D(2024, 4, 6, 14, 0))


def test_switch_instants_match_the_readings():
    on, off = switch_instants(NY, 2024)
    assert to_wall(NY, on)[2] == "EDT" and to_wall(NY, on - datetime.timedelta(seconds=1))[2] == "EST"
    assert to_wall(NY, off)[2] == "EST" and to_wall(NY, off - datetime.timedelta(seconds=1))[2] == "EDT"
    assert switch_instants("GMT+3", 2024) is None
