import datetime

import pytest

from invites.local import kind_after, local_occurrences, local_report

D = datetime.datetime
NIGHT = "DTSTART:20241103T043000\nRRULE:FREQ=HOURLY;COUNT=4"


def test_readings_across_the_repeated_hour():
    assert local_occurrences(NIGHT, "America/New_York") == [
        (D(2024, 11, 3, 0, 30), 0, "EDT"), (D(2024, 11, 3, 1, 30), 0, "EDT"),
        (D(2024, 11, 3, 1, 30), 1, "EST"), (D(2024, 11, 3, 2, 30), 0, "EST")]


def test_readings_before_and_after_the_data():
    assert local_occurrences("DTSTART:20400701T120000\nRRULE:FREQ=DAILY;COUNT=1", "America/New_York") == [
        (D(2040, 7, 1, 7, 0), 0, "EST")]
    assert local_occurrences("DTSTART:18000101T120000\nRRULE:FREQ=DAILY;COUNT=1", "America/New_York") == [
        (D(1800, 1, 1, 7, 3, 58), 0, "LMT")]


def test_aware_occurrences_are_converted():
    block = "DTSTART;TZID=America/New_York:20240701T090000\nRRULE:FREQ=DAILY;COUNT=2"
    assert local_occurrences(block, "Europe/London", 2) == [(D(2024, 7, 1, 14, 0), 0, "BST"), (D(2024, 7, 2, 14, 0), 0, "BST")]


def test_unknown_zone():
    with pytest.raises(ValueError):
        local_occurrences(NIGHT, "Mars/Base")


def test_kind_after_a_change():
    assert kind_after("America/New_York", 0) == (-18000, False, "EST")
    assert kind_after("Europe/Dublin", 1) == (2079, True, "IST")
    assert kind_after("Asia/Kolkata", 4) == (23400, True, "+0630")


def test_kind_before_the_first_change():
    assert kind_after("America/New_York", -1) == (-17762, False, "LMT")
    assert kind_after("UTC", -1) == (0, False, "UTC")


def test_kind_after_the_last_changes():
    assert kind_after("Europe/Dublin", 227) == (3600, False, "IST")
    assert kind_after("Australia/Lord_Howe", 115) == (37800, False, "+1030")
    assert kind_after("Australia/Lord_Howe", 114) == (39600, True, "+11")


def test_kind_after_changes_past_the_end():
    assert kind_after("Asia/Kolkata", 100) == (19800, False, "IST")
    assert kind_after("UTC", 0) == (0, False, "UTC")


def test_local_report():
    assert local_report(NIGHT, "America/New_York") == [
        (D(2024, 11, 3, 0, 30), (-14400, True, "EDT")), (D(2024, 11, 3, 1, 30), (-14400, True, "EDT")),
        (D(2024, 11, 3, 1, 30), (-18000, False, "EST")), (D(2024, 11, 3, 2, 30), (-18000, False, "EST"))]


def test_local_report_of_a_negative_summer_zone():
    assert local_report("DTSTART:20240101T120000\nRRULE:FREQ=DAILY;COUNT=1", "Europe/Dublin") == [
        (D(2024, 1, 1, 12, 0), (0, True, "GMT"))]
