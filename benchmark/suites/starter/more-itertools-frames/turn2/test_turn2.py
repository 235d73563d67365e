from more_itertools_frames.activity import active_spans, activity_code
import pytest


def test_one_loud_frame_context_one():
    assert activity_code([0, 0, 5, 0, 0, 0], 1, 10) == '.###..'


def test_context_zero():
    assert activity_code([0, 0, 5, 0, 0, 0], 1, 10, context=0) == '..#...'


def test_context_two_at_edges():
    assert activity_code([5, 0, 0, 0, 0, 1, 0, 4], 1, 16, context=2) == '###..###'


def test_threshold_is_inclusive():
    assert activity_code([3, 2, 4], 1, 9, context=0) == '#.#'


def test_frames_with_hop():
    assert activity_code([1, 1, 3, 0, 0, 0, 0, 0, 2, 2], 2, 8, hop=2, context=0) == '.#..#'


def test_context_longer_than_code():
    assert activity_code(iter([0, 9, 0]), 1, 50, context=10) + '|' + activity_code([0, 9, 0], 1, 82, context=10) == '###|...'


def test_no_frames():
    assert (activity_code([], 2, 1), active_spans([], 2, 1)) == ('', [])


def test_spans_single_run():
    assert active_spans([0, 0, 5, 0, 0, 0], 1, 10) == [(1, 3)]


def test_spans_several_runs():
    assert active_spans([4, 0, 0, 0, 0, 3, 0, 0, 3, 3], 1, 9, context=1) == [(0, 1), (4, 9)]


def test_spans_nothing_loud():
    assert active_spans([1, 2, 1], 1, 100) == []


def test_negative_context():
    with pytest.raises(ValueError):
        activity_code([1, 2, 3], 1, 4, context=-1)
