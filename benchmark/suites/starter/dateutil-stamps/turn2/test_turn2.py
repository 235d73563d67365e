import datetime

import pytest
from dateutil import tz
from dateutil.tz import tzoffset, tzutc

from dateutil_stamps.loose import parse_stamp, stamp_parser

D = datetime.datetime
R = datetime.date


def test_strict_iso_text_is_read_as_iso():
    assert parse_stamp("2021-03", R(2020, 6, 15)) == D(2021, 3, 1, 0, 0)
    assert parse_stamp("2021", R(2020, 6, 15)) == D(2021, 1, 1, 0, 0)


def test_missing_fields_come_from_the_reference_date():
    assert parse_stamp("March 2021", R(2020, 6, 15)) == D(2021, 3, 15, 0, 0)
    assert parse_stamp("March 4th, 2021 at 3:15pm", R(2020, 1, 1)) == D(2021, 3, 4, 15, 15)


def test_reference_day_beyond_the_month_end_is_clipped():
    assert parse_stamp("Feb 2021", R(2020, 1, 31)) == D(2021, 2, 28, 0, 0)
    assert parse_stamp("feb 2020", R(2021, 1, 31)) == D(2020, 2, 29, 0, 0)


def test_weekday_name_alone_means_that_day_on_or_after_the_reference():
    assert parse_stamp("tue 15:00", R(2021, 2, 1)) == D(2021, 2, 2, 15, 0)
    assert parse_stamp("tue 15:00", R(2021, 2, 2)) == D(2021, 2, 2, 15, 0)


def test_dayfirst_only_decides_ambiguous_dates():
    assert parse_stamp("01/02/2021", R(2021, 6, 1), dayfirst=True) == D(2021, 2, 1, 0, 0)
    assert parse_stamp("01/02/2021", R(2021, 6, 1)) == D(2021, 1, 2, 0, 0)
    assert parse_stamp("13/02/2021", R(2021, 6, 1)) == D(2021, 2, 13, 0, 0)
    assert parse_stamp("02/13/2021", R(2021, 6, 1), dayfirst=True) == D(2021, 2, 13, 0, 0)


def test_two_digit_years_are_read_around_the_reference_year():
    assert parse_stamp("5/6/45", R(1990, 1, 1)) == D(1945, 5, 6, 0, 0)
    assert parse_stamp("5/6/45", R(2030, 1, 1)) == D(2045, 5, 6, 0, 0)
    assert parse_stamp("5/6/40", R(1990, 1, 1)) == D(1940, 5, 6, 0, 0)
    assert parse_stamp("5/6/39", R(1990, 1, 1)) == D(2039, 5, 6, 0, 0)
    assert parse_stamp("1/2/03", R(2021, 1, 1), dayfirst=True) == D(2003, 2, 1, 0, 0)


def test_zone_names_from_the_mapping():
    assert parse_stamp("2021-03-04 10:00 CET", R(2021, 1, 1), zones={"CET": 60}) == D(2021, 3, 4, 10, 0, tzinfo=tzoffset('CET', 3600))
    value = parse_stamp("10:00 BRST", R(2021, 5, 6), zones={"BRST": -120})
    assert value == D(2021, 5, 6, 10, 0, tzinfo=tzoffset('BRST', -7200))
    assert value.utcoffset() == datetime.timedelta(hours=-2)


def test_utc_names_give_the_utc_object():
    for text in ("12:00 UTC", "12:00 GMT", "12:00 Z"):
        value = parse_stamp(text, R(2021, 5, 6))
        assert value == D(2021, 5, 6, 12, 0, tzinfo=tzutc())
        assert value.tzinfo is tz.UTC


def test_offsets_written_after_utc_names_are_inverted():
    assert parse_stamp("12:00 GMT+3", R(2021, 5, 6)) == D(2021, 5, 6, 12, 0, tzinfo=tzoffset(None, -10800))
    assert parse_stamp("10:00 -0330", R(2021, 5, 6)) == D(2021, 5, 6, 10, 0, tzinfo=tzoffset(None, -12600))


def test_invalid_text_raises_value_error():
    with pytest.raises(ValueError):
        parse_stamp("Feb 30 2021", R(2021, 1, 1))
    with pytest.raises(ValueError):
        parse_stamp("not a date", R(2021, 1, 1))


def test_stamp_parser_is_a_configured_parser():
    assert stamp_parser(R(1990, 1, 1)).parse("5/6/45") == D(1945, 5, 6, 0, 0)
    assert stamp_parser(R(1990, 1, 1), dayfirst=True).parse("5/6/45") == D(1945, 6, 5, 0, 0)
