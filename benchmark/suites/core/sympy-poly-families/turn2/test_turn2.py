import pytest

from polykit.compose import chebyshev_outer, outer_for, split_factors, split_once


def test_outer_of_a_square():
    assert outer_for([1, 0, -2, 0, 1], [1, 0, 0]) == [1, -2, 1]
    assert outer_for([1, 2, 1], [1, 1]) == [1, 0, 0]


def test_outer_stays_over_the_integers():
    assert outer_for([4, 0, 0], [2, 0]) == [1, 0, 0]
    assert outer_for([1, 0, 0], [2, 0]) is None


def test_outer_of_constants_and_zero():
    assert outer_for([3], [1, 1]) == [3]
    assert outer_for([], [1, 1]) == []
    assert outer_for([0, 0, 5], [1, 1]) == [5]


def test_outer_refuses_constant_inner_and_bad_input():
    with pytest.raises(ValueError):
        outer_for([1, 0], [2])
    with pytest.raises(ValueError):
        outer_for([1, 0], [0, 0])
    with pytest.raises(TypeError):
        outer_for([1.0, 0], [1, 0])


def test_split_finds_the_smallest_inner_degree_first():
    assert split_once([1, 0, 0, 0, 0, 0, 0, 0, 1]) == ([1, 0, 0, 0, 1], [1, 0, 0])
    assert split_once([1, 0, 0, 0, 0, 0, 1]) == ([1, 0, 0, 1], [1, 0, 0])


def test_split_normalises_the_inner_polynomial():
    assert split_once([1, -2, 1, 0, 0]) == ([1, 0, 0], [1, -1, 0])
    assert split_once([2, 0, 4, 0, 6]) == ([2, 4, 6], [1, 0, 0])


def test_split_of_indecomposable_polynomials():
    assert split_once([1, 2, 3]) is None
    assert split_once([1, 1, 1, 1, 1]) is None
    assert split_once([3, 0, 0, 5]) is None
    assert split_once([]) is None


def test_chebyshev_compositions():
    assert chebyshev_outer(6, 3) == [2, 0, -1]
    assert chebyshev_outer(6, 2) == [4, 0, -3, 0]
    assert chebyshev_outer(4, 1) == [8, 0, -8, 0, 1]
    assert chebyshev_outer(0, 2) == [1]


def test_chebyshev_compositions_that_do_not_exist():
    assert chebyshev_outer(5, 2) is None
    with pytest.raises(ValueError):
        chebyshev_outer(4, 0)


def test_split_factors():
    assert split_factors(8) == [None, None, None, ([1, 0, 1], [1, 0, 0])]
    assert split_factors(9) == [None, None, ([1, 1, 1], [1, 0, 0, 0])]
    assert split_factors(12)[-1] == ([1, -1, 1], [1, 0, 0])
    assert split_factors(12)[:-1] == [None] * 5
