import datetime

import pytest
from dateutil.tz import tzutc

from dateutil_stamps.merge import merge_intervals

D = datetime.datetime
R = datetime.date(2021, 3, 4)


def test_disjoint_intervals_stay_apart_in_order():
    expected = [(D(2021, 3, 4, 10, 0, tzinfo=tzutc()), D(2021, 3, 4, 11, 0, tzinfo=tzutc())),
                (D(2021, 3, 4, 12, 0, tzinfo=tzutc()), D(2021, 3, 4, 13, 0, tzinfo=tzutc()))]
    assert merge_intervals(["2021-03-04T10:00Z--T11:00", "2021-03-04T12:00Z--T13:00"], R) == expected
    assert merge_intervals(["2021-03-04T12:00Z--T13:00", "2021-03-04T10:00Z--T11:00"], R) == expected


def test_overlapping_intervals_merge():
    assert merge_intervals(["2021-03-04T10:00Z--T11:30", "2021-03-04T11:00Z--T12:00"], R) == [
        (D(2021, 3, 4, 10, 0, tzinfo=tzutc()), D(2021, 3, 4, 12, 0, tzinfo=tzutc()))]


def test_touching_intervals_merge():
    assert merge_intervals(["2021-03-04T10:00Z--T11:00", "2021-03-04T11:00Z--T12:00"], R) == [
        (D(2021, 3, 4, 10, 0, tzinfo=tzutc()), D(2021, 3, 4, 12, 0, tzinfo=tzutc()))]


def test_gap_up_to_the_slack_is_bridged():
    texts = ["2021-03-04T10:00Z--T11:00", "2021-03-04T11:05Z--T12:00"]
    assert merge_intervals(texts, R, slack_seconds=300) == [
        (D(2021, 3, 4, 10, 0, tzinfo=tzutc()), D(2021, 3, 4, 12, 0, tzinfo=tzutc()))]
    assert merge_intervals(texts, R, slack_seconds=299) == [
        (D(2021, 3, 4, 10, 0, tzinfo=tzutc()), D(2021, 3, 4, 11, 0, tzinfo=tzutc())),
        (D(2021, 3, 4, 11, 5, tzinfo=tzutc()), D(2021, 3, 4, 12, 0, tzinfo=tzutc()))]


def test_negative_slack_counts_like_positive_slack():
    texts = ["2021-03-04T10:00Z--T11:00", "2021-03-04T11:05Z--T12:00"]
    assert merge_intervals(texts, R, slack_seconds=-300) == [
        (D(2021, 3, 4, 10, 0, tzinfo=tzutc()), D(2021, 3, 4, 12, 0, tzinfo=tzutc()))]


def test_contained_interval_does_not_shorten():
    assert merge_intervals(["2021-03-04T09:00Z--T17:00", "2021-03-04T10:00Z--T11:00"], R) == [
        (D(2021, 3, 4, 9, 0, tzinfo=tzutc()), D(2021, 3, 4, 17, 0, tzinfo=tzutc()))]


def test_abbreviated_ends_and_assumed_offset():
    texts = ["2021-03-04--2021-03-04", "2021-03-05 00:00--T06:00", "2021-03-05 09:00 -- T10:00"]
    assert merge_intervals(texts, R, "+01:00") == [
        (D(2021, 3, 3, 23, 0, tzinfo=tzutc()), D(2021, 3, 5, 5, 0, tzinfo=tzutc())),
        (D(2021, 3, 5, 8, 0, tzinfo=tzutc()), D(2021, 3, 5, 9, 0, tzinfo=tzutc()))]


def test_zone_names_and_assumed_offsets_meet_in_utc():
    texts = ["9:00 CET -- 10:00 CET", "10:00 -- 11:00"]
    assert merge_intervals(texts, R, "+02:00", zones={"CET": 60}) == [
        (D(2021, 3, 4, 8, 0, tzinfo=tzutc()), D(2021, 3, 4, 9, 0, tzinfo=tzutc()))]
    assert len(merge_intervals(texts, R, "Z", zones={"CET": 60})) == 2


def test_dayfirst_dates():
    texts = ["01/03 10:00 -- T11:00", "02/03 10:00 -- T11:00", "01/03 10:30 -- 02/03"]
    assert merge_intervals(texts, R, dayfirst=True) == [
        (D(2021, 3, 1, 10, 0, tzinfo=tzutc()), D(2021, 3, 2, 0, 0, tzinfo=tzutc())),
        (D(2021, 3, 2, 10, 0, tzinfo=tzutc()), D(2021, 3, 2, 11, 0, tzinfo=tzutc()))]


def test_empty_input_and_errors():
    assert merge_intervals([], R) == []
    with pytest.raises(ValueError):
        merge_intervals(["2021-03-04T10:00Z--T11:00", "nonsense"], R)
