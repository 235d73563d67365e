from more_itertools_frames.rewrite import rewrite_code
import pytest


def test_overlaps_are_skipped():
    assert rewrite_code('#.#.#', '#.#', '@@@') == ('@@@.#', [0])


def test_runs_pairwise():
    assert rewrite_code('####', '##', '=') == ('==', [0, 2])


def test_odd_run():
    assert rewrite_code('aaa', 'aa', 'b') == ('ba', [0])


def test_limit_one_deletes():
    assert rewrite_code('#..#..#', '#', '', limit=1) == ('..#..#', [0])


def test_limit_zero():
    assert rewrite_code('##.##', '#', '*', limit=0) == ('##.##', [])


def test_negative_limit():
    assert rewrite_code('##.##', '#', '*', limit=-1) == ('##.##', [])


def test_longer_substitute():
    assert rewrite_code('.#.#.', '#', '<#>') == ('.<#>.<#>.', [1, 3])


def test_no_occurrence():
    assert rewrite_code('....', '#', '!') == ('....', [])


def test_pattern_longer_than_code():
    assert rewrite_code('#.', '#..', 'x') == ('#.', [])


def test_empty_code():
    assert rewrite_code('', '#', 'x') == ('', [])


def test_limit_two():
    assert rewrite_code('#.#.#.#', '#.', '_', limit=2) == ('__#.#', [0, 2])


def test_empty_pattern():
    with pytest.raises(ValueError):
        rewrite_code('abc', '', 'x')
