from more_itertools_frames.patterns import find_activity, find_pattern
import pytest


def test_overlapping():
    assert find_pattern('#.#.#', '#.#') == [0, 2]


def test_runs():
    assert find_pattern('####', '##') == [0, 1, 2]


def test_pattern_longer_than_code():
    assert find_pattern('ab', 'abc') == []


def test_none_is_not_outside():
    assert (find_pattern([None], [None, None]), find_pattern(['x', None], [None, None])) == ([], [])


def test_none_symbols():
    assert find_pattern([1, None, None, 2, None], [None]) == [1, 2, 4]


def test_iterator_code():
    assert find_pattern(iter('aXbaX'), 'aX') == [0, 3]


def test_equal_symbols():
    assert find_pattern([0, 0.0, False, 1], (0,)) == [0, 1, 2]


def test_empty_code():
    assert find_pattern('', '#') == []


def test_activity():
    assert find_activity([0, 5, 0, 0, 5, 0, 5], 1, 10, '#.#', context=0) == [4]


def test_activity_with_context():
    assert find_activity([0, 5, 0, 0, 0, 0, 5, 0], 1, 10, '#.', context=1) == [2]


def test_empty_pattern():
    with pytest.raises(ValueError):
        find_pattern('abc', '')
