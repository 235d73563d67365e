import pytest

from stamps.fields import date_order, duration_or_stamp, stamp_fields

EMPTY = {"year": None, "month": None, "day": None, "weekday": None, "hour": None, "minute": None,
         "second": None, "microsecond": None, "zone_name": None, "zone_offset": None, "skipped": []}


def fields(**given):
    return {**EMPTY, **given}


def test_a_full_stamp():
    assert stamp_fields("Thu Sep 25 10:36:28 BRST 2003") == fields(
        year=2003, month=9, day=25, weekday=3, hour=10, minute=36, second=28, microsecond=0, zone_name="BRST")


def test_only_what_the_text_gives():
    assert stamp_fields("12h30m") == fields(hour=12, minute=30)
    assert stamp_fields("Monday") == fields(weekday=0)
    assert stamp_fields("5 pm") == fields(hour=17)
    assert stamp_fields("   ") == EMPTY


def test_ambiguous_dates():
    assert stamp_fields("10/11/12") == fields(year=2012, month=10, day=11)
    assert stamp_fields("10/11/12", dayfirst=True) == fields(year=2012, month=11, day=10)
    assert stamp_fields("10/11/12", yearfirst=True) == fields(year=2010, month=11, day=12)
    assert stamp_fields("10/11/12", dayfirst=True, yearfirst=True) == fields(year=2010, month=12, day=11)


def test_offsets():
    assert stamp_fields("2003-09-25 10:49:41,502 -03:00") == fields(
        year=2003, month=9, day=25, hour=10, minute=49, second=41, microsecond=502000, zone_offset=-10800)
    assert stamp_fields("10:00 GMT+3") == fields(hour=10, minute=0, zone_offset=-10800)
    assert stamp_fields("13:45 UTC") == fields(hour=13, minute=45, zone_name="UTC", zone_offset=0)


def test_fuzzy_reading_lists_what_it_skipped():
    assert stamp_fields("Today is January 1, 2047 at 8:21:00AM") is None
    assert stamp_fields("Today is January 1, 2047 at 8:21:00AM", fuzzy=True) == fields(
        year=2047, month=1, day=1, hour=8, minute=21, second=0, microsecond=0, skipped=["Today is ", " ", " ", "at "])
    assert stamp_fields("3rd of May 2001", fuzzy=True)["skipped"] == [" of ", " "]


def test_unreadable_and_unchecked_stamps():
    assert stamp_fields("") is None
    assert stamp_fields("GMT+3 10:00") is None
    assert stamp_fields("32/13/2020") == fields(year=32, month=13, day=2020)


def test_date_order_of_three_numbers():
    assert date_order((10, 11, 12)) == (12, 10, 11)
    assert date_order((10, 11, 12), dayfirst=True) == (12, 11, 10)
    assert date_order((10, 11, 12), yearfirst=True) == (10, 11, 12)
    assert date_order((13, 11, 12)) == (12, 11, 13)
    assert date_order(("01", "02", "003")) == (3, 1, 2)


def test_date_order_with_a_known_month():
    assert date_order((1, 3, 2024), month_at=1) == (2024, 3, 1)
    assert date_order((3, 2, 1), month_at=2) == (3, 1, 2)
    assert date_order((2024, 3, 1), dayfirst=True) == (2024, 1, 3)


def test_date_order_of_fewer_numbers():
    assert date_order((10, 99)) == (99, 10, None)
    assert date_order((13, 1)) == (None, 13, 1)
    assert date_order((13, 1), dayfirst=True) == (None, 1, 13)
    assert date_order((5,)) == (None, None, 5)
    assert date_order((45,)) == (45, None, None)
    with pytest.raises(ValueError):
        date_order((1, 2, 3, 4))


def test_duration_or_stamp():
    assert duration_or_stamp("1h30m") == "duration"
    assert duration_or_stamp("12h04") == "duration"
    assert duration_or_stamp("10:30") == "stamp"
    assert duration_or_stamp("3 pm") == "stamp"
    assert duration_or_stamp("hello") == "neither"
