import datetime

from dateutil_zones.series import series_labels, weekly_series

NY = "EST5EDT,M3.2.0,M11.1.0"
BERLIN = "CET-1CEST,M3.5.0,M10.5.0/3"
D = datetime.datetime


def readings(values):
    return [(v.replace(tzinfo=None), v.utcoffset()) for v in values]


def test_meeting_in_the_spring_gap_moves_forward():
    assert series_labels(NY, D(2021, 2, 28, 2, 30), D(2021, 3, 1), D(2021, 3, 31)) == [
        '2021-03-07 02:30:00 EST (UTC-05:00)', '2021-03-14 03:30:00 EDT (UTC-04:00)',
        '2021-03-21 02:30:00 EDT (UTC-04:00)', '2021-03-28 02:30:00 EDT (UTC-04:00)']


def test_readings_are_aware_local_times():
    assert readings(weekly_series(NY, D(2021, 2, 28, 2, 30), D(2021, 3, 10), D(2021, 3, 20))) == [
        (D(2021, 3, 14, 3, 30), datetime.timedelta(hours=-4))]


def test_meeting_in_the_repeated_hour_happens_once_at_the_first_pass():
    assert series_labels(NY, D(2021, 10, 3, 1, 30), D(2021, 10, 25), D(2021, 11, 20)) == [
        '2021-10-31 01:30:00 EDT (UTC-04:00)', '2021-11-07 01:30:00 EDT (UTC-04:00) [first]',
        '2021-11-14 01:30:00 EST (UTC-05:00)']
    assert series_labels(BERLIN, D(2021, 10, 3, 2, 30), D(2021, 10, 30), D(2021, 11, 1)) == [
        '2021-10-31 02:30:00 CEST (UTC+02:00) [first]']


def test_window_bounds_are_inclusive():
    assert series_labels(NY, D(2021, 1, 3, 9, 0), D(2021, 1, 3, 9, 0), D(2021, 1, 24, 9, 0)) == [
        '2021-01-03 09:00:00 EST (UTC-05:00)', '2021-01-10 09:00:00 EST (UTC-05:00)',
        '2021-01-17 09:00:00 EST (UTC-05:00)', '2021-01-24 09:00:00 EST (UTC-05:00)']


def test_window_just_inside_the_bounds():
    assert series_labels(NY, D(2021, 1, 3, 9, 0), D(2021, 1, 3, 9, 0, 1), D(2021, 1, 24, 8, 59)) == [
        '2021-01-10 09:00:00 EST (UTC-05:00)', '2021-01-17 09:00:00 EST (UTC-05:00)']


def test_interval_counts_from_the_anchor():
    assert series_labels(NY, D(2021, 1, 3, 9, 0), D(2021, 1, 1), D(2021, 2, 28), 2) == [
        '2021-01-03 09:00:00 EST (UTC-05:00)', '2021-01-17 09:00:00 EST (UTC-05:00)',
        '2021-01-31 09:00:00 EST (UTC-05:00)', '2021-02-14 09:00:00 EST (UTC-05:00)']
    assert series_labels(NY, D(2021, 1, 10, 9, 0), D(2021, 1, 1), D(2021, 2, 28), 2) == [
        '2021-01-10 09:00:00 EST (UTC-05:00)', '2021-01-24 09:00:00 EST (UTC-05:00)',
        '2021-02-07 09:00:00 EST (UTC-05:00)', '2021-02-21 09:00:00 EST (UTC-05:00)']


def test_no_meetings_before_the_anchor():
    assert weekly_series(NY, D(2021, 6, 6, 9, 0), D(2021, 1, 1), D(2021, 1, 31)) == []


def test_gap_in_central_europe():
    assert series_labels(BERLIN, D(2021, 3, 7, 2, 30), D(2021, 3, 20), D(2021, 4, 5)) == [
        '2021-03-21 02:30:00 CET (UTC+01:00)', '2021-03-28 03:30:00 CEST (UTC+02:00)',
        '2021-04-04 02:30:00 CEST (UTC+02:00)']


def test_default_rules_move_the_gap_to_april():
    assert series_labels("EST5EDT", D(2021, 3, 7, 2, 30), D(2021, 3, 10), D(2021, 4, 10)) == [
        '2021-03-14 02:30:00 EST (UTC-05:00)', '2021-03-21 02:30:00 EST (UTC-05:00)',
        '2021-03-28 02:30:00 EST (UTC-05:00)', '2021-04-04 03:30:00 EDT (UTC-04:00)']


def test_half_hour_gap():
    assert series_labels("LHST-10:30LHDT-11,M10.1.0,M4.1.0", D(2021, 9, 26, 2, 10), D(2021, 10, 1), D(2021, 10, 11)) == [
        '2021-10-03 02:40:00 LHDT (UTC+11:00)', '2021-10-10 02:10:00 LHDT (UTC+11:00)']
