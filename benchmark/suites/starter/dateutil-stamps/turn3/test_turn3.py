import datetime

import pytest
from dateutil import tz
from dateutil.tz import tzoffset, tzutc

from dateutil_stamps.utc import attach_assumed, to_utc

D = datetime.datetime
R = datetime.date


def test_assumed_offset_for_naive_text():
    assert to_utc("2021-03-04 10:00", R(2021, 1, 1), "+05:30") == D(2021, 3, 4, 4, 30, tzinfo=tzutc())
    assert to_utc("2021-03-04 10:00", R(2021, 1, 1), "-0800") == D(2021, 3, 4, 18, 0, tzinfo=tzutc())
    assert to_utc("2021-03-04 10:00", R(2021, 1, 1), "+05") == D(2021, 3, 4, 5, 0, tzinfo=tzutc())


def test_default_assumption_is_utc():
    assert to_utc("2021-03-04 10:00", R(2021, 1, 1)) == D(2021, 3, 4, 10, 0, tzinfo=tzutc())
    assert to_utc("2021-03-04 10:00", R(2021, 1, 1), "-00:00") == D(2021, 3, 4, 10, 0, tzinfo=tzutc())
    assert to_utc("2021-03-04 10:00", R(2021, 1, 1), "z") == D(2021, 3, 4, 10, 0, tzinfo=tzutc())


def test_explicit_offsets_win_over_the_assumption():
    assert to_utc("2021-03-04T10:00+01:00", R(2021, 1, 1), "+05:00") == D(2021, 3, 4, 9, 0, tzinfo=tzutc())
    assert to_utc("10:00 CET", R(2021, 3, 4), zones={"CET": 60}) == D(2021, 3, 4, 9, 0, tzinfo=tzutc())
    assert to_utc("12:00 GMT+3", R(2021, 3, 4)) == D(2021, 3, 4, 15, 0, tzinfo=tzutc())


def test_conversion_can_change_the_date():
    assert to_utc("2021-03-01 01:00", R(2021, 1, 1), "+02:00") == D(2021, 2, 28, 23, 0, tzinfo=tzutc())
    assert to_utc("01/03/2021 23:30", R(2021, 1, 1), "-01:00", dayfirst=True) == D(2021, 3, 2, 0, 30, tzinfo=tzutc())


def test_loose_text_uses_the_reference_date():
    assert to_utc("tue 9am", R(2021, 3, 4), "+09:00") == D(2021, 3, 9, 0, 0, tzinfo=tzutc())


def test_result_carries_the_utc_object():
    assert to_utc("2021-03-04 10:00", R(2021, 1, 1), "+05:30").tzinfo is tz.UTC
    assert to_utc("10:00 CET", R(2021, 3, 4), zones={"CET": 60}).tzinfo is tz.UTC


def test_assume_text_with_surrounding_whitespace():
    assert to_utc("2021-03-04 10:00", R(2021, 1, 1), " +01:00 ") == D(2021, 3, 4, 9, 0, tzinfo=tzutc())


def test_invalid_assumed_offsets():
    for assume in ("+5", "+05:60", "0530", "+24:00", "UTC"):
        with pytest.raises(ValueError):
            to_utc("2021-03-04 10:00", R(2021, 1, 1), assume)


def test_attach_assumed_only_touches_naive_values():
    assert attach_assumed(D(2021, 1, 1, 12, 0), "+05:30") == D(2021, 1, 1, 12, 0, tzinfo=tzoffset(None, 19800))
    aware = D(2021, 1, 1, 12, 0, tzinfo=tzoffset(None, 3600))
    assert attach_assumed(aware, "+05:30").utcoffset() == datetime.timedelta(hours=1)


def test_attach_assumed_zero_offset_is_the_utc_object():
    assert attach_assumed(D(2021, 1, 1, 12, 0)).tzinfo is tz.UTC
    assert attach_assumed(D(2021, 1, 1, 12, 0), "+00:00").tzinfo is tz.UTC
