import pytest
from sympy import Pow, Rational, exp, log, sqrt, symbols

from surds.powers import denest_power, square_root_report, surd_root

x, y = symbols("x y")
a, b = symbols("a b", positive=True)
i = symbols("i", integer=True)


def test_integer_bases_are_rewritten():
    assert denest_power(Pow(4, x, evaluate=False)) == 2 ** (2 * x)
    assert denest_power(Pow(Rational(1, 8), x, evaluate=False)) == 2 ** (-3 * x)
    assert denest_power(Pow(8, x / 3, evaluate=False)) == 2**x
    assert denest_power(Pow(12, x, evaluate=False)) == 12**x


def test_exponentials_with_logarithms():
    assert denest_power(exp(2 * y * log(x))) == x ** (2 * y)
    assert denest_power(exp(y * (log(a) + log(b)))) == (a * b) ** y


def test_one_step_keeps_products_of_powers():
    assert denest_power(Pow(a * b**2, Rational(3, 2), evaluate=False)) == Pow(a * b**2, Rational(3, 2), evaluate=False)
    assert denest_power(sqrt(x ** (2 * i) * y ** (6 * i))) == sqrt(x ** (2 * i) * y ** (6 * i))


def test_powers_that_stay():
    assert denest_power(exp(x) ** y) == exp(x) ** y
    with pytest.raises(ValueError):
        denest_power(x + 1)


def test_cube_roots_of_surds():
    assert surd_root(90 + 34 * sqrt(7), 3) == 3 + sqrt(7)
    assert surd_root(26 + 15 * sqrt(3), 3) == 2 + sqrt(3)
    assert surd_root(7 + 5 * sqrt(2), 3) == 1 + sqrt(2)


def test_even_roots_of_surds():
    assert surd_root(5 + 2 * sqrt(6), 2) == sqrt(2) + sqrt(3)
    assert surd_root(17 + 12 * sqrt(2), 4) == 1 + sqrt(2)
    assert surd_root(8, 3) == 2


def test_roots_that_are_not_surds():
    assert surd_root(1 + sqrt(2), 3) == (1 + sqrt(2)) ** Rational(1, 3)
    assert surd_root(3 + sqrt(2), 2) == sqrt(3 + sqrt(2))


def test_surd_root_refuses_bad_arguments():
    with pytest.raises(ValueError):
        surd_root(-90 - 34 * sqrt(7), 3)
    with pytest.raises(ValueError):
        surd_root(8, 1)


def test_square_root_report():
    assert square_root_report(5 + 2 * sqrt(6)) == {"root": sqrt(2) + sqrt(3), "one_level": sqrt(2) + sqrt(3), "denester": sqrt(2) + sqrt(3)}


def test_square_root_report_of_a_biquadratic():
    e = (2 * sqrt(2) + 4) * sqrt(2 + sqrt(2)) + 5 * sqrt(2) + 8
    expected = sqrt(2) + sqrt(sqrt(2) + 2) + 2
    assert square_root_report(e) == {"root": expected, "one_level": expected, "denester": expected}
