import pytest
from sympy import exp, sin, sqrt, symbols

from factorlab.terms import factor_terms, generator_order, grouped_terms, term_tables

a, b, p, t, x, y, z, x1, x2, x10 = symbols("a b p t x y z x1 x2 x10")


def test_generator_order_of_letters():
    assert generator_order([a, x, b, y, z, t]) == (x, y, z, t, a, b)


def test_generator_order_of_indexed_names():
    assert generator_order([x10, x2, x1, x]) == (x, x1, x2, x10)
    assert generator_order([sin(x), x, exp(y), y, p]) == (x, y, p, exp(y), sin(x))


def test_generator_order_with_preferred_generators():
    assert generator_order([a, x, b, y], wrt=b) == (b, x, y, a)
    assert generator_order([a, x, b, y], wrt=["y", "a"]) == (y, a, x, b)
    with pytest.raises(ValueError):
        generator_order([x, x])


def test_term_tables_over_shared_generators():
    assert term_tables([x * y + 2 * a, a**2 - x]) == ((x, y, a), [{(1, 1, 0): 1, (0, 0, 1): 2}, {(1, 0, 0): -1, (0, 0, 2): 1}])
    assert term_tables([(x + 1) ** 2, x * (a - 1)]) == ((x, a), [{(2, 0): 1, (1, 0): 2, (0, 0): 1}, {(1, 1): 1, (1, 0): -1}])


def test_term_tables_with_given_generators():
    assert term_tables([x * y + 2 * a], x) == ((x,), [{(1,): y, (0,): 2 * a}])


def test_numbers_and_functions_as_generators():
    assert term_tables([sqrt(2) * x + 1, y]) == ((x, y, sqrt(2)), [{(1, 0, 1): 1, (0, 0, 0): 1}, {(0, 1, 0): 1}])
    assert term_tables([x**2 * sin(t) + 3]) == ((x, sin(t)), [{(2, 1): 1, (0, 0): 3}])
    assert term_tables([x / y + 1]) == ((x, 1 / y), [{(1, 1): 1, (0, 0): 1}])


def test_term_table_of_zero():
    assert term_tables([0, x]) == ((x,), [{(0,): 0}, {(1,): 1}])
    with pytest.raises(ValueError):
        term_tables([])


def test_factor_terms():
    assert factor_terms(6 * (x**2 - 1) * (a + 2) ** 2) == ((x, a), [{(0, 1): 1, (0, 0): 2}, {(1, 0): 1, (0, 0): -1}, {(1, 0): 1, (0, 0): 1}])
    assert factor_terms(5) == ((), [])


def test_grouped_terms():
    assert grouped_terms(x**3 * (x + 1) ** 3 * (y - 1)) == ((x, y), [{(0, 1): 1, (0, 0): -1}, {(2, 0): 1, (1, 0): 1}])


def test_factor_terms_with_generators():
    assert factor_terms(x**2 * a - a, x) == ((x,), [{(1,): 1, (0,): -1}, {(1,): 1, (0,): 1}])
