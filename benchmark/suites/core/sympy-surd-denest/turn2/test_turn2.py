import pytest
from sympy import Rational, sqrt, symbols

from surds.symbolic import combine_roots, denest_steps, symbolic_denest

x = symbols("x", positive=True)


def test_symbolic_route_with_numbers():
    w = sqrt(sqrt(sqrt(3) + 1) + 1) + 1 + sqrt(2)
    assert symbolic_denest(sqrt((w**2).expand())) == 1 + sqrt(2) + sqrt(1 + sqrt(1 + sqrt(3)))
    assert symbolic_denest(sqrt(16 - 2 * sqrt(29) + 2 * sqrt(55 - 10 * sqrt(29)))) == sqrt(11 - 2 * sqrt(29)) + sqrt(5)


def test_symbolic_route_with_symbols():
    w = sqrt(1 + sqrt(x)) + 3
    assert symbolic_denest(sqrt((w**2).expand())) == sqrt(sqrt(x) + 1) + 3
    w = sqrt(sqrt(sqrt(x + 3) + 1) + 1) + 1 + sqrt(2)
    assert symbolic_denest(sqrt((w**2).expand())) == w


def test_symbolic_route_that_finds_nothing():
    assert symbolic_denest(sqrt(x + 2 * sqrt(x - 1))) is None
    assert symbolic_denest(sqrt(5 + 2 * sqrt(6))) is None
    assert symbolic_denest(sqrt(x + 1)) is None


def test_symbolic_route_refuses_other_expressions():
    with pytest.raises(ValueError):
        symbolic_denest(x + sqrt(2))


def test_combining_roots_to_zero():
    assert combine_roots(sqrt(1 + sqrt(3)) + sqrt(3 + 3 * sqrt(3)) - sqrt(10 + 6 * sqrt(3))) == 0


def test_combining_pairs_of_roots():
    assert combine_roots(sqrt(2 + sqrt(3)) + sqrt(6 + 3 * sqrt(3))) == (1 + sqrt(3)) * sqrt(sqrt(3) + 2)
    assert combine_roots(2 * sqrt(3 + sqrt(5)) - sqrt(6 + 2 * sqrt(5))) == (sqrt(2) - 1) * sqrt(2 * sqrt(5) + 6)


def test_roots_that_do_not_combine():
    assert combine_roots(sqrt(5) + sqrt(3)) == sqrt(3) + sqrt(5)
    with pytest.raises(ValueError):
        combine_roots(sqrt(2) + x)


def test_combining_into_a_power():
    assert combine_roots(sqrt(1 + sqrt(2)) + sqrt(2 + 2 * sqrt(2))) == (1 + sqrt(2)) ** Rational(3, 2)


def test_denest_steps_of_a_numeric_root():
    steps = denest_steps(sqrt(5 + 2 * sqrt(6)))
    assert steps == {"quick": sqrt(2) + sqrt(3), "symbolic": None, "table": [(5 + 2 * sqrt(6), 1, (5, 2, 6))]}


def test_denest_steps_of_a_symbolic_root():
    steps = denest_steps(sqrt(x + 2 * sqrt(x - 1)))
    assert steps == {"quick": None, "symbolic": None, "table": [(x + 2 * sqrt(x - 1), 1, (x, 2, x - 1))]}
