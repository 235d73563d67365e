from more_itertools_frames.framing import frame_energy, frames
import pytest


def test_unit_hop():
    assert frames([1, 2, 3, 4, 5], 3) == [(1, 2, 3), (2, 3, 4), (3, 4, 5)]


def test_hop_reaches_end_exactly():
    assert frames([1, 2, 3, 4, 5], 3, hop=2) == [(1, 2, 3), (3, 4, 5)]


def test_hop_last_frame_completed():
    assert frames([1, 2, 3, 4], 3, hop=2, pad=0) == [(1, 2, 3), (3, 4, 0)]


def test_hop_larger_than_size():
    assert frames(range(7), 2, hop=3, pad=-1) == [(0, 1), (3, 4), (6, -1)]


def test_hop_larger_skips_trailing():
    assert frames(range(6), 2, hop=3, pad=-1) == [(0, 1), (3, 4)]


def test_short_and_empty_input():
    assert (frames([7], 3, pad=9), frames([], 3)) == ([(7, 9, 9)], [])


def test_size_zero():
    assert (frames([1, 2], 0, hop=0), frames([], 0)) == ([()], [()])


def test_one_shot_iterator():
    assert frames(iter([1, 2, 3, 4, 5]), 2, hop=2, pad=None) == [(1, 2), (3, 4), (5, None)]


def test_energy_with_pad():
    assert frame_energy([1, 2, 3, 4], 3, hop=2, pad=1) == [14, 26]


def test_energy_size_zero_and_empty():
    assert (frame_energy([3, 4], 0), frame_energy([], 2)) == ([0], [])


def test_negative_size():
    with pytest.raises(ValueError):
        frames([1, 2], -1)


def test_bad_hop():
    with pytest.raises(ValueError):
        frame_energy([1, 2, 3], 2, hop=0)
