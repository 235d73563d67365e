import pytest
from sympy import CRootOf, Rational, sin, sqrt, symbols

from rootindex.sums import extension_roots, power_sum, root_sum, sum_report

x, r, a = symbols("x r a")


def test_sum_over_roots_with_a_parameter():
    total = root_sum((x**2 - 2) * (x - 3), x, 1 / (r - a), r)
    assert str(total) == "-(3*a**2 - 6*a - 2)/((a - 3)*(a**2 - 2))"
    assert total.subs(a, 0) == Rational(1, 3)


def test_sums_over_roots():
    assert root_sum(x**2 - 2, x, 1 / (r - 1), r) == 2
    assert root_sum(x**3 - x - 1, x, r / (r + 2), r) == Rational(-1, 7)


def test_sums_over_repeated_roots():
    assert root_sum((x - 1) ** 2 * (x + 1), x, r**2 + a * r, r) == a + 3


def test_sums_refuse_what_is_not_rational():
    with pytest.raises(ValueError):
        root_sum(x**2 - 2, x, sin(r), r)
    with pytest.raises(ValueError):
        root_sum(5, x, r, r)


def test_power_sums():
    assert power_sum(x**3 - x - 1, x, 2) == 2
    assert power_sum(x**3 - x - 1, x, 5) == 5
    assert power_sum(x**3 - x - 1, x, -1) == -1
    assert power_sum(2 * x**2 + 3 * x + 5, x, 3) == Rational(63, 8)


def test_roots_over_an_extension():
    assert extension_roots(x**2 - sqrt(2), x) == [-(2 ** Rational(1, 4)), 2 ** Rational(1, 4)]
    assert extension_roots(x**3 - sqrt(2) * x**2 - x + sqrt(2), x) == [-1, 1, sqrt(2)]


def test_roots_over_an_extension_without_radicals():
    assert extension_roots(x**3 - sqrt(2) * x**2 - x + sqrt(2), x, radicals=False) == [-1, 1, CRootOf(x**2 - 2, 1)]


def test_repeated_roots_over_an_extension():
    assert extension_roots((x - sqrt(3)) ** 2, x) == [sqrt(3), sqrt(3)]
    with pytest.raises(ValueError):
        extension_roots(x**2 - 2, x)


def test_sum_report():
    assert sum_report(x**3 - x - 1, x, r**2, r) == {"sum": 2, "roots": 3, "real": 1}


def test_sum_report_of_a_product():
    assert sum_report((x**2 + 1) * (x - 2), x, 1 / r, r) == {"sum": Rational(1, 2), "roots": 3, "real": 1}
