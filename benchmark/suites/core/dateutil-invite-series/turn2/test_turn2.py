import datetime

import pytest

from invites.zonefile import kind_at, occurrence_kinds, start_kind, zone_record

D = datetime.datetime


def test_record_of_new_york():
    record = zone_record("America/New_York")
    assert record["changes"] == 236
    assert record["first"] == D(1901, 12, 13, 20, 45, 52) and record["last"] == D(2037, 11, 1, 6, 0)
    assert record["kinds"][:3] == [(-17762, False, "LMT"), (-14400, True, "EDT"), (-18000, False, "EST")]
    assert (record["standard"], record["summer"], record["before"]) == (
        (-18000, False, "EST"), (-14400, True, "EDT"), (-17762, False, "LMT"))


def test_zones_without_changes():
    assert zone_record("UTC") == {"changes": 0, "first": None, "last": None, "kinds": [(0, False, "UTC")],
                                  "standard": (0, False, "UTC"), "summer": None, "before": None}
    assert zone_record("Etc/GMT+5")["standard"] == (-18000, False, "-05")


def test_negative_summer_time():
    record = zone_record("Europe/Dublin")
    assert record["standard"] == (3600, False, "IST") and record["summer"] == (0, True, "GMT")
    assert record["before"] == (-1521, False, "LMT") and len(record["kinds"]) == 9


def test_half_hour_summer_time_and_old_changes():
    assert zone_record("Australia/Lord_Howe")["summer"] == (39600, True, "+11")
    record = zone_record("Asia/Kolkata")
    assert record["kinds"] == [(21208, False, "LMT"), (19270, False, "MMT"), (19800, False, "IST"), (23400, True, "+0630")]
    assert record["last"] == D(1945, 10, 14, 17, 30)
    assert (record["standard"], record["summer"]) == ((19800, False, "IST"), (23400, True, "+0630"))


def test_summer_kinds_not_used_this_year():
    record = zone_record("Africa/Casablanca")
    assert (record["standard"], record["summer"]) == ((3600, False, "+01"), (0, True, "+00"))


def test_kinds_repeat_in_file_order():
    kinds = zone_record("Europe/London")["kinds"]
    assert kinds[:3] == [(-75, False, "LMT"), (3600, True, "BST"), (0, False, "GMT")]
    assert kinds[5] == (3600, False, "BST")


def test_unknown_zones():
    with pytest.raises(ValueError):
        zone_record("Mars/Base")
    with pytest.raises(ValueError):
        kind_at("Mars/Base", D(2024, 1, 1))


def test_kind_at_in_summer_and_winter():
    assert kind_at("America/New_York", D(2024, 7, 1)) == (-14400, True, "EDT")
    assert kind_at("Europe/Dublin", D(2024, 1, 1)) == (0, True, "GMT")
    assert kind_at("Europe/Dublin", D(2024, 7, 1)) == (3600, False, "IST")


def test_kind_at_in_the_repeated_hour():
    assert kind_at("America/New_York", D(2024, 11, 3, 1, 30)) == (-14400, True, "EDT")
    assert kind_at("America/New_York", D(2024, 11, 3, 1, 30), fold=1) == (-18000, False, "EST")


def test_kind_at_before_and_after_the_data():
    assert kind_at("America/New_York", D(1800, 1, 1)) == (-17762, False, "LMT")
    assert kind_at("America/New_York", D(2040, 7, 1)) == (-18000, False, "EST")
    assert kind_at("UTC", D(2024, 1, 1)) == (0, False, "UTC")


def test_kind_at_of_a_half_hour_zone():
    assert kind_at("Australia/Lord_Howe", D(2024, 1, 1)) == (39600, True, "+11")


def test_kinds_of_an_invitation():
    block = "DTSTART;TZID=America/New_York:20241102T013000\nRRULE:FREQ=DAILY;COUNT=3"
    assert start_kind(block) == (-14400, True, "EDT")
    assert occurrence_kinds(block) == [(D(2024, 11, 2, 1, 30), (-14400, True, "EDT")),
                                       (D(2024, 11, 3, 1, 30), (-14400, True, "EDT")),
                                       (D(2024, 11, 4, 1, 30), (-18000, False, "EST"))]


def test_kinds_of_naive_and_unknown_invitations():
    assert start_kind("DTSTART:20240101T090000\nRRULE:FREQ=DAILY;COUNT=2") is None
    assert start_kind("RDATE:20240101T090000") is None
    assert start_kind("DTSTART;TZID=Mars/Base:20240101T090000\nRRULE:FREQ=DAILY") is None
    block = "DTSTART;TZID=Europe/Dublin:20240101T090000\nRRULE:FREQ=MONTHLY;INTERVAL=3;COUNT=2"
    assert occurrence_kinds(block) == [(D(2024, 1, 1, 9), (0, True, "GMT")), (D(2024, 4, 1, 9), (3600, False, "IST"))]
