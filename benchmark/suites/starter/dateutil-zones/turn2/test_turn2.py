import datetime

from dateutil import tz

from dateutil_zones.convert import utc_to_wall, wall_to_utc

NY = "EST5EDT,M3.2.0,M11.1.0"
BERLIN = "CET-1CEST,M3.5.0,M10.5.0/3"
SYDNEY = "AEST-10AEDT,M10.1.0,M4.1.0/3"
LORD_HOWE = "LHST-10:30LHDT-11,M10.1.0,M4.1.0"


def utc(*args):
    return datetime.datetime(*args, tzinfo=tz.UTC)


def reading(value):
    return value.replace(tzinfo=None), value.fold, value.utcoffset()


def test_standard_and_daylight_time():
    assert wall_to_utc(NY, datetime.datetime(2021, 1, 10, 12, 0)) == utc(2021, 1, 10, 17, 0)
    assert wall_to_utc(NY, datetime.datetime(2021, 7, 1, 12, 0)) == utc(2021, 7, 1, 16, 0)


def test_result_is_in_utc():
    result = wall_to_utc(NY, datetime.datetime(2021, 7, 1, 12, 0))
    assert result.tzinfo is tz.UTC
    aware = datetime.datetime(2021, 7, 1, 12, 0, tzinfo=datetime.timezone(datetime.timedelta(hours=9)))
    assert wall_to_utc(NY, aware) == utc(2021, 7, 1, 16, 0)


def test_missing_wall_time_moves_forward_by_the_gap():
    assert wall_to_utc(NY, datetime.datetime(2021, 3, 14, 2, 30)) == utc(2021, 3, 14, 7, 30)
    assert wall_to_utc(NY, datetime.datetime(2021, 3, 14, 2, 0)) == utc(2021, 3, 14, 7, 0)
    assert wall_to_utc(BERLIN, datetime.datetime(2021, 3, 28, 2, 15)) == utc(2021, 3, 28, 1, 15)


def test_half_hour_gap():
    assert wall_to_utc(LORD_HOWE, datetime.datetime(2021, 10, 3, 2, 15)) == utc(2021, 10, 2, 15, 45)
    assert wall_to_utc(SYDNEY, datetime.datetime(2021, 10, 3, 2, 30)) == utc(2021, 10, 2, 16, 30)


def test_fold_picks_the_occurrence_of_an_ambiguous_time():
    assert wall_to_utc(NY, datetime.datetime(2021, 11, 7, 1, 30)) == utc(2021, 11, 7, 5, 30)
    assert wall_to_utc(NY, datetime.datetime(2021, 11, 7, 1, 30), fold=1) == utc(2021, 11, 7, 6, 30)
    assert wall_to_utc(SYDNEY, datetime.datetime(2021, 4, 4, 2, 30), fold=1) == utc(2021, 4, 3, 16, 30)


def test_fold_is_irrelevant_for_normal_times():
    assert wall_to_utc(NY, datetime.datetime(2021, 7, 1, 12, 0), fold=1) == utc(2021, 7, 1, 16, 0)


def test_default_rules_and_fixed_offsets():
    assert wall_to_utc("EST5EDT", datetime.datetime(2021, 3, 20, 12, 0)) == utc(2021, 3, 20, 17, 0)
    assert wall_to_utc("UTC+3", datetime.datetime(2021, 3, 20, 12, 0)) == utc(2021, 3, 20, 9, 0)


def test_utc_to_wall_marks_the_second_pass():
    first = utc_to_wall(NY, datetime.datetime(2021, 11, 7, 5, 30))
    second = utc_to_wall(NY, datetime.datetime(2021, 11, 7, 6, 30))
    assert reading(first) == (datetime.datetime(2021, 11, 7, 1, 30), 0, datetime.timedelta(hours=-4))
    assert reading(second) == (datetime.datetime(2021, 11, 7, 1, 30), 1, datetime.timedelta(hours=-5))
    assert second.tzname() == 'EST'


def test_utc_to_wall_across_the_spring_gap():
    assert reading(utc_to_wall(NY, datetime.datetime(2021, 3, 14, 6, 59))) == (
        datetime.datetime(2021, 3, 14, 1, 59), 0, datetime.timedelta(hours=-5))
    assert reading(utc_to_wall(NY, datetime.datetime(2021, 3, 14, 7, 0))) == (
        datetime.datetime(2021, 3, 14, 3, 0), 0, datetime.timedelta(hours=-4))


def test_utc_to_wall_converts_aware_input():
    moment = datetime.datetime(2021, 10, 31, 0, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=-1)))
    assert reading(utc_to_wall(BERLIN, moment)) == (datetime.datetime(2021, 10, 31, 2, 30), 1, datetime.timedelta(hours=1))
    assert reading(utc_to_wall("EST5EDT", datetime.datetime(2021, 3, 20, 12, 0))) == (
        datetime.datetime(2021, 3, 20, 7, 0), 0, datetime.timedelta(hours=-5))


def test_round_trip_of_both_occurrences():
    for fold in (0, 1):
        moment = wall_to_utc(SYDNEY, datetime.datetime(2021, 4, 4, 2, 30), fold=fold)
        back = utc_to_wall(SYDNEY, moment)
        assert (back.replace(tzinfo=None), back.fold) == (datetime.datetime(2021, 4, 4, 2, 30), fold)
