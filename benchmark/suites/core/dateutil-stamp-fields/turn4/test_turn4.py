import datetime
import warnings

import pytest
from dateutil import tz

from stamps.complete import complete, complete_text, with_zone
from stamps.fields import stamp_fields

D = datetime.datetime
DEFAULT = D(2024, 1, 31, 9, 15)
NAIVE = D(2024, 7, 1, 10)
EMPTY = {"year": None, "month": None, "day": None, "weekday": None, "hour": None, "minute": None,
         "second": None, "microsecond": None, "zone_name": None, "zone_offset": None, "skipped": []}


def fields(**given):
    return {**EMPTY, **given}


def test_months_shorter_than_the_default_day():
    assert complete(fields(month=2), DEFAULT) == D(2024, 2, 29, 9, 15)
    assert complete(fields(month=2, year=2023), DEFAULT) == D(2023, 2, 28, 9, 15)
    assert complete({"month": 4}, DEFAULT) == D(2024, 4, 30, 9, 15)


def test_weekdays_move_forward_from_the_default():
    assert complete(fields(weekday=0), DEFAULT) == D(2024, 2, 5, 9, 15)
    assert complete(fields(weekday=2, hour=10), DEFAULT) == D(2024, 1, 31, 10, 15)


def test_given_fields_and_the_default_zone():
    assert complete(fields(microsecond=5), DEFAULT) == D(2024, 1, 31, 9, 15, 0, 5)
    assert complete(EMPTY, DEFAULT.replace(tzinfo=tz.UTC)) == DEFAULT


def test_dates_that_do_not_exist():
    with pytest.raises(ValueError):
        complete(fields(month=4, day=31), DEFAULT)
    with pytest.raises(ValueError):
        complete(fields(year=2023, month=2, day=29), DEFAULT)


def test_complete_text():
    assert complete_text("Feb", DEFAULT) == D(2024, 2, 29, 9, 15)
    assert complete_text("Friday 3 pm", DEFAULT) == D(2024, 2, 2, 15, 15)
    assert complete_text("10/11/12", DEFAULT, dayfirst=True) == D(2012, 11, 10, 9, 15)
    with pytest.raises(ValueError):
        complete_text("hello", DEFAULT)


def test_durations_are_added():
    assert complete_text("1h30m", DEFAULT) == D(2024, 1, 31, 10, 45)
    assert complete_text("90s", DEFAULT) == D(2024, 1, 31, 9, 16, 30)


def test_numeric_offsets():
    assert with_zone(stamp_fields("10:00 +02:00"), NAIVE).tzinfo == tz.tzoffset(None, 7200)
    stamp = with_zone(stamp_fields("10:00 -0300 (BRST)"), NAIVE)
    assert stamp.tzinfo == tz.tzoffset("BRST", -10800) and stamp.tzname() == "BRST"
    assert with_zone(fields(zone_offset=0), NAIVE).tzinfo == tz.UTC
    assert with_zone(stamp_fields("10:00 GMT+3"), NAIVE).utcoffset() == datetime.timedelta(hours=-3)


def test_zones_by_name():
    assert with_zone(stamp_fields("10:00 BRST"), NAIVE, {"BRST": -10800}).tzinfo == tz.tzoffset("BRST", -10800)
    eastern = with_zone(stamp_fields("10:00 EST"), NAIVE, {"EST": "EST5EDT"})
    assert eastern.tzinfo == tz.tzstr("EST5EDT") and eastern.utcoffset() == datetime.timedelta(hours=-4)
    paris = tz.tzoffset("CET", 3600)
    assert with_zone(stamp_fields("10:00 CET"), NAIVE, {"CET": paris}).tzinfo is paris


def test_zones_from_a_function():
    assert with_zone(stamp_fields("10:00 BRST"), NAIVE, lambda name, offset: 3600).tzinfo == tz.tzoffset("BRST", 3600)
    assert with_zone(stamp_fields("10:00 +0100"), NAIVE, lambda name, offset: None).tzinfo is None


def test_unknown_empty_and_bad_zones():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert with_zone(fields(zone_name="XYZ"), NAIVE, {}) == NAIVE
    assert with_zone(stamp_fields("10:00 EST"), NAIVE, {"EST": None}).tzinfo is None
    assert with_zone(stamp_fields("10:00"), NAIVE) == NAIVE
    with pytest.raises(TypeError):
        with_zone(stamp_fields("10:00 BRST"), NAIVE, {"BRST": 1.5})
