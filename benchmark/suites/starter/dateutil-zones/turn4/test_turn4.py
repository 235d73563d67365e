import datetime

import pytest
from dateutil import tz

from dateutil_zones.label import utc_label, wall_label
from dateutil_zones.status import zone_for

NY = "EST5EDT,M3.2.0,M11.1.0"
BERLIN = "CET-1CEST,M3.5.0,M10.5.0/3"


def test_first_pass_of_a_repeated_hour():
    assert utc_label(NY, datetime.datetime(2021, 11, 7, 5, 30)) == '2021-11-07 01:30:00 EDT (UTC-04:00) [first]'


def test_second_pass_of_a_repeated_hour():
    assert utc_label(NY, datetime.datetime(2021, 11, 7, 6, 30)) == '2021-11-07 01:30:00 EST (UTC-05:00) [second]'


def test_ordinary_reading_has_no_marker():
    assert utc_label(NY, datetime.datetime(2021, 7, 1, 16, 0)) == '2021-07-01 12:00:00 EDT (UTC-04:00)'
    assert utc_label(NY, datetime.datetime(2021, 3, 14, 6, 59, 59, 999999)) == '2021-03-14 01:59:59 EST (UTC-05:00)'


def test_central_europe_repeated_hour():
    assert utc_label(BERLIN, datetime.datetime(2021, 10, 31, 0, 30)) == '2021-10-31 02:30:00 CEST (UTC+02:00) [first]'
    assert utc_label(BERLIN, datetime.datetime(2021, 10, 31, 1, 30)) == '2021-10-31 02:30:00 CET (UTC+01:00) [second]'


def test_abbreviation_comes_from_the_spec():
    assert utc_label("UTC+3", datetime.datetime(2021, 7, 1, 16, 0)) == '2021-07-01 19:00:00 UTC (UTC+03:00)'


def test_half_hour_offsets():
    assert utc_label("LHST-10:30LHDT-11,M10.1.0,M4.1.0", datetime.datetime(2021, 6, 1, 12, 0)) == '2021-06-01 22:30:00 LHST (UTC+10:30)'
    assert utc_label("NST3:30", datetime.datetime(2021, 6, 1, 12, 0)) == '2021-06-01 08:30:00 NST (UTC-03:30)'


def test_aware_moment_in_another_offset():
    moment = datetime.datetime(2021, 3, 14, 8, 0, tzinfo=datetime.timezone(datetime.timedelta(hours=1)))
    assert utc_label(NY, moment) == '2021-03-14 03:00:00 EDT (UTC-04:00)'


def test_wall_label_of_any_tzinfo():
    cest = datetime.datetime(2021, 7, 1, 12, 0, tzinfo=datetime.timezone(datetime.timedelta(hours=2), "CEST"))
    assert wall_label(cest) == '2021-07-01 12:00:00 CEST (UTC+02:00)'
    assert wall_label(datetime.datetime(2021, 11, 7, 1, 30, tzinfo=tz.tzoffset("XYZ", 3600))) == '2021-11-07 01:30:00 XYZ (UTC+01:00)'
    assert wall_label(datetime.datetime(2021, 11, 7, 1, 30, tzinfo=tz.UTC)) == '2021-11-07 01:30:00 UTC (UTC+00:00)'


def test_wall_label_uses_the_fold_of_the_reading():
    zone = zone_for(NY)
    assert wall_label(datetime.datetime(2021, 11, 7, 1, 30, tzinfo=zone)) == '2021-11-07 01:30:00 EDT (UTC-04:00) [first]'
    assert wall_label(datetime.datetime(2021, 11, 7, 1, 30, fold=1, tzinfo=zone)) == '2021-11-07 01:30:00 EST (UTC-05:00) [second]'


def test_naive_reading_is_rejected():
    with pytest.raises(ValueError):
        wall_label(datetime.datetime(2021, 11, 7, 1, 30))
