import pytest

from rebuild.finish import finish_links, random_rebuild, stage_report


def test_finish_links_of_a_ring_of_degrees():
    assert finish_links([2] * 10, 0) == [(0, 3), (0, 1)]


def test_finish_links_of_mixed_degrees():
    assert finish_links([3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0], 7) == [(0, 2), (0, 7), (2, 4), (4, 5)]


def test_the_last_stage_does_everything_for_small_dense_sequences():
    assert finish_links([3, 3, 3, 3], 0) == [(0, 3), (0, 2), (0, 1), (1, 2), (1, 3), (2, 3)]
    assert finish_links([2, 2, 2], 0) == [(0, 2), (0, 1), (1, 2)]
    assert finish_links([1, 1], 0) == [] and finish_links([], 0) == []


def test_a_stuck_last_stage():
    with pytest.raises(ValueError):
        finish_links([2] * 10, 1)
    with pytest.raises(ValueError):
        finish_links([2, 2, 2, 2, 1, 1], 2)
    with pytest.raises(ValueError):
        finish_links([3, 3, 1, 1], 0)


def test_random_rebuild():
    assert random_rebuild([2] * 10, 0) == [(0, 1), (0, 3), (1, 6), (2, 4), (2, 7), (3, 5), (4, 6), (5, 9), (7, 8), (8, 9)]
    assert random_rebuild([3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0], 7) == [(0, 1), (0, 2), (0, 7), (1, 3), (1, 8), (2, 4), (3, 9), (4, 5), (6, 10)]


def test_random_rebuild_has_no_second_try():
    with pytest.raises(ValueError):
        random_rebuild([2] * 10, 1)
    with pytest.raises(ValueError):
        random_rebuild([3, 3, 1, 1], 0)


def test_stage_report():
    assert stage_report([2] * 10, 0) == {"first": 7, "second": 1, "last": 2, "same_as_whole": True, "parts": [list(range(10))]}


def test_stage_report_of_mixed_degrees():
    assert stage_report([3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0], 7) == {
        "first": 1,
        "second": 4,
        "last": 4,
        "same_as_whole": True,
        "parts": [[0, 1, 2, 3, 4, 5, 7, 8, 9], [6, 10]],
    }


def test_stage_report_of_a_complete_network():
    assert stage_report([4, 4, 4, 4, 4], 2) == {"first": 0, "second": 0, "last": 10, "same_as_whole": True, "parts": [[0, 1, 2, 3, 4]]}


def test_stage_report_of_a_stuck_run():
    with pytest.raises(ValueError):
        stage_report([2] * 10, 1)
