import datetime

import pytest
from dateutil.parser import parser

from dateutil_schedule.slots import parse_slot, slot_parser

D = datetime.datetime
R = datetime.date
MONDAY = R(2021, 2, 1)


def test_two_letter_weekdays():
    assert parse_slot("tu 15:00", MONDAY) == D(2021, 2, 2, 15, 0)
    assert parse_slot("th 9:00", MONDAY) == D(2021, 2, 4, 9, 0)
    assert parse_slot("sa", MONDAY) == D(2021, 2, 6, 0, 0)


def test_weekday_on_or_after_today():
    assert parse_slot("mo 9:00", MONDAY) == D(2021, 2, 1, 9, 0)
    assert parse_slot("sun 12am", MONDAY) == D(2021, 2, 7, 0, 0)
    assert parse_slot("su 12pm", R(2021, 2, 7)) == D(2021, 2, 7, 12, 0)


def test_other_words_are_ignored():
    assert parse_slot("team sync every tu at 15:00", MONDAY) == D(2021, 2, 2, 15, 0)
    assert parse_slot("nextday 10:00", MONDAY) == D(2021, 2, 1, 10, 0)


def test_next_moves_one_week_later():
    assert parse_slot("next tue 15:00", MONDAY) == D(2021, 2, 9, 15, 0)
    assert parse_slot("Next Monday 8:15", MONDAY) == D(2021, 2, 8, 8, 15)
    assert parse_slot("fr 17:30 next week", R(2021, 12, 27)) == D(2022, 1, 7, 17, 30)


def test_time_alone_is_today():
    assert parse_slot("15:00", MONDAY) == D(2021, 2, 1, 15, 0)


def test_numeric_dates_are_day_first():
    assert parse_slot("05/03 10:00", MONDAY) == D(2021, 3, 5, 10, 0)
    assert parse_slot("12/13", MONDAY) == D(2021, 12, 13, 0, 0)
    assert parse_slot("2021-03-05 10:00", MONDAY) == D(2021, 5, 3, 10, 0)


def test_weekday_is_ignored_when_a_day_is_given():
    assert parse_slot("Tuesday 05/03 10:00", MONDAY) == D(2021, 3, 5, 10, 0)
    assert parse_slot("March 4th 9am", MONDAY) == D(2021, 3, 4, 9, 0)


def test_day_of_today_is_clipped_to_the_month():
    assert parse_slot("February", R(2021, 1, 31)) == D(2021, 2, 28, 0, 0)
    assert parse_slot("feb 10:00", R(2021, 1, 31)) == D(2021, 2, 28, 10, 0)


def test_zone_is_ignored():
    value = parse_slot("fri 10:00 EST", MONDAY)
    assert value == D(2021, 2, 5, 10, 0)
    assert value.tzinfo is None


def test_unreadable_slots_raise_value_error():
    with pytest.raises(ValueError):
        parse_slot("nothing here", MONDAY)
    with pytest.raises(ValueError):
        parse_slot("30/02", MONDAY)


def test_slot_parser_is_a_parser_with_the_vocabulary():
    p = slot_parser()
    assert isinstance(p, parser)
    assert p.parse("th 9:00", default=D(2021, 2, 1)) == D(2021, 2, 4, 9, 0)
    assert p.parse("01/02/2021") == D(2021, 2, 1, 0, 0)
