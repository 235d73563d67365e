import pytest
from sympy import sqrt, symbols

from surds.split import denest_or_keep, quick_denest, split_table, surd_parts

x = symbols("x", positive=True)


def test_splitting_simple_radicands():
    assert surd_parts(5 + 2 * sqrt(6)) == (5, 2, 6)
    assert surd_parts(2 * sqrt(3)) == (0, 2, 3)
    assert surd_parts(x + 2 * sqrt(x - 1)) == (x, 2, x - 1)


def test_splitting_sums_of_several_surds():
    assert surd_parts(1 + sqrt(2) + sqrt(3)) == (1 + sqrt(3), 1, 2)
    assert surd_parts(sqrt(2) + sqrt(3)) == (sqrt(3), 1, 2)
    assert surd_parts(sqrt(2) * sqrt(3) + 1 + sqrt(5)) == (1 + sqrt(6), 1, 5)


def test_splitting_numbers_and_deeper_surds():
    assert surd_parts(7) == (7, 0, 0)
    assert surd_parts(1 + sqrt(1 + sqrt(2))) == (1, 1, 1 + sqrt(2))
    assert surd_parts(x + 1) is None


def test_quick_denesting():
    assert quick_denest(sqrt(5 + 2 * sqrt(6))) == sqrt(2) + sqrt(3)
    assert quick_denest(sqrt(5 - 2 * sqrt(6))) == sqrt(3) - sqrt(2)
    assert quick_denest(sqrt(3 + 2 * sqrt(2))) == 1 + sqrt(2)


def test_quick_denesting_into_halves():
    assert quick_denest(sqrt(2 + sqrt(3))) == sqrt(2) / 2 + sqrt(6) / 2


def test_when_the_quick_route_does_not_apply():
    assert quick_denest(sqrt(3 + sqrt(2))) is None
    assert quick_denest(sqrt(16 - 2 * sqrt(29) + 2 * sqrt(55 - 10 * sqrt(29)))) is None


def test_quick_denesting_of_a_plain_root():
    assert quick_denest(sqrt(7)) == sqrt(7)
    with pytest.raises(ValueError):
        quick_denest(1 + sqrt(2))


def test_split_table():
    assert split_table([sqrt(2 + sqrt(3)), 1 + sqrt(2), 3]) == [
        (sqrt(2 + sqrt(3)), 2, (0, 1, 2 + sqrt(3))),
        (1 + sqrt(2), 1, (1, 1, 2)),
        (3, 0, (3, 0, 0)),
    ]


def test_denest_or_keep():
    assert denest_or_keep(sqrt(3 + sqrt(2))) == sqrt(3 + sqrt(2))
    assert denest_or_keep(sqrt(6 + 2 * sqrt(5))) == 1 + sqrt(5)


def test_denest_or_keep_a_deeper_root():
    e = sqrt(16 - 2 * sqrt(29) + 2 * sqrt(55 - 10 * sqrt(29)))
    assert denest_or_keep(e) == e
