import datetime

import pytest

from dateutil_zones.status import wall_status, zone_for

NY = "EST5EDT,M3.2.0,M11.1.0"
BERLIN = "CET-1CEST,M3.5.0,M10.5.0/3"
SYDNEY = "AEST-10AEDT,M10.1.0,M4.1.0/3"
LORD_HOWE = "LHST-10:30LHDT-11,M10.1.0,M4.1.0"


def test_zone_offsets_follow_posix_sign():
    zone = zone_for(NY)
    assert zone.utcoffset(datetime.datetime(2021, 1, 15)) == datetime.timedelta(hours=-5)
    assert zone.utcoffset(datetime.datetime(2021, 7, 15)) == datetime.timedelta(hours=-4)


def test_utc_and_gmt_offsets_count_east():
    assert zone_for("UTC+3").utcoffset(datetime.datetime(2021, 1, 15)) == datetime.timedelta(hours=3)
    assert zone_for("GMT-2").utcoffset(datetime.datetime(2021, 7, 15)) == datetime.timedelta(hours=-2)


def test_invalid_spec_raises_value_error():
    with pytest.raises(ValueError):
        zone_for("5")


def test_spring_gap_is_missing():
    assert wall_status(NY, datetime.datetime(2021, 3, 14, 2, 30)) == 'missing'
    assert wall_status(NY, datetime.datetime(2021, 3, 14, 2, 0)) == 'missing'
    assert wall_status(NY, datetime.datetime(2021, 3, 14, 1, 59, 59)) == 'normal'
    assert wall_status(NY, datetime.datetime(2021, 3, 14, 3, 0)) == 'normal'


def test_fall_back_hour_is_ambiguous():
    assert wall_status(NY, datetime.datetime(2021, 11, 7, 1, 0)) == 'ambiguous'
    assert wall_status(NY, datetime.datetime(2021, 11, 7, 1, 59)) == 'ambiguous'
    assert wall_status(NY, datetime.datetime(2021, 11, 7, 0, 59)) == 'normal'
    assert wall_status(NY, datetime.datetime(2021, 11, 7, 2, 0)) == 'normal'


def test_rules_omitted_use_the_default_rules():
    assert wall_status("EST5EDT", datetime.datetime(2021, 4, 4, 2, 30)) == 'missing'
    assert wall_status("EST5EDT", datetime.datetime(2021, 3, 14, 2, 30)) == 'normal'
    assert wall_status("EST5EDT", datetime.datetime(2021, 10, 31, 1, 30)) == 'ambiguous'
    assert wall_status("EST5EDT", datetime.datetime(2021, 11, 7, 1, 30)) == 'normal'


def test_last_week_rules_and_explicit_change_time():
    assert wall_status(BERLIN, datetime.datetime(2021, 3, 28, 2, 30)) == 'missing'
    assert wall_status(BERLIN, datetime.datetime(2021, 10, 31, 2, 30)) == 'ambiguous'
    assert wall_status(BERLIN, datetime.datetime(2020, 3, 29, 2, 30)) == 'missing'
    assert wall_status(BERLIN, datetime.datetime(2020, 3, 22, 2, 30)) == 'normal'


def test_southern_hemisphere():
    assert wall_status(SYDNEY, datetime.datetime(2021, 4, 4, 2, 30)) == 'ambiguous'
    assert wall_status(SYDNEY, datetime.datetime(2021, 4, 4, 3, 0)) == 'normal'
    assert wall_status(SYDNEY, datetime.datetime(2021, 10, 3, 2, 30)) == 'missing'


def test_half_hour_daylight_saving():
    assert wall_status(LORD_HOWE, datetime.datetime(2021, 10, 3, 2, 15)) == 'missing'
    assert wall_status(LORD_HOWE, datetime.datetime(2021, 4, 4, 1, 45)) == 'ambiguous'


def test_fixed_offset_zones_are_always_normal():
    assert wall_status("JST-9", datetime.datetime(2021, 3, 14, 2, 30)) == 'normal'
    assert wall_status("UTC+3", datetime.datetime(2021, 11, 7, 1, 30)) == 'normal'


def test_tzinfo_of_an_aware_wall_time_is_ignored():
    wall = datetime.datetime(2021, 3, 14, 2, 30, tzinfo=datetime.timezone.utc)
    assert wall_status(NY, wall) == 'missing'
