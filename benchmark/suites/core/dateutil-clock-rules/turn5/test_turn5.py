import datetime

import pytest

from clockrules.database import change_before, change_in_effect, compare_with_database

NY = "EST5EDT,M3.2.0,M11.1.0"
D = datetime.datetime


def test_change_in_effect_in_summer_and_winter():
    assert change_in_effect("America/New_York", D(2024, 7, 1)) == D(2024, 3, 10, 7, 0)
    assert change_in_effect("America/New_York", D(2024, 12, 1)) == D(2024, 11, 3, 6, 0)


def test_change_in_effect_in_the_repeated_hour():
    assert change_in_effect("America/New_York", D(2024, 11, 3, 1, 30)) == D(2024, 3, 10, 7, 0)
    assert change_in_effect("America/New_York", D(2024, 11, 3, 1, 30), fold=1) == D(2024, 11, 3, 6, 0)


def test_change_in_effect_in_the_skipped_hour_and_before_any_change():
    assert change_in_effect("America/New_York", D(2024, 3, 10, 2, 30)) == D(2024, 3, 10, 7, 0)
    assert change_in_effect("America/New_York", D(1800, 1, 1)) is None


def test_change_before_an_instant():
    assert change_before("America/New_York", D(2024, 11, 3, 6)) == D(2024, 11, 3, 6, 0)
    assert change_before("America/New_York", D(2024, 11, 3, 5, 59)) == D(2024, 3, 10, 7, 0)
    assert change_before("Asia/Kolkata", D(2024, 1, 1)) == D(1945, 10, 14, 17, 30)
    assert change_before("UTC", D(2024, 1, 1)) is None


def test_unknown_zones_are_refused():
    with pytest.raises(ValueError):
        change_before("Mars/Olympus", D(2024, 1, 1))
    with pytest.raises(ValueError):
        change_in_effect("Mars/Olympus", D(2024, 1, 1))


def test_our_rule_matches_the_database():
    result = compare_with_database(NY, "America/New_York", 2024)
    assert result["ours"] == result["database"] == [D(2024, 3, 10, 7, 0), D(2024, 11, 3, 6, 0)]
    assert result["same"] is True
    assert result["report"]["at_off"] == (D(2024, 11, 3, 1, 0), 1)


def test_old_default_rules_match_older_years():
    assert compare_with_database("EST5EDT", "America/New_York", 2006)["same"] is True
    result = compare_with_database("EST5EDT", "America/New_York", 2024)
    assert result["same"] is False and result["ours"] == [D(2024, 4, 7, 7, 0), D(2024, 10, 27, 6, 0)]


def test_southern_rules_are_sorted():
    result = compare_with_database("AEST-10AEDT,M10.1.0,M4.1.0/3", "Australia/Sydney", 2024)
    assert result["ours"] == [D(2024, 4, 6, 16, 0), D(2024, 10, 5, 16, 0)]
    assert result["same"] is True


def test_years_past_the_database():
    result = compare_with_database("GMT0BST,M3.5.0/1,M10.5.0", "Europe/London", 2038)
    assert result["database"] == [] and result["same"] is False
    assert compare_with_database("GMT0BST,M3.5.0/1,M10.5.0", "Europe/London", 2037)["same"] is True


def test_zones_without_summer_time():
    result = compare_with_database("IST-5:30", "Asia/Kolkata", 2024)
    assert result == {"ours": [], "database": [], "same": True, "report": None}
