import pytest
from sympy import symbols

from rootindex.reals import real_keys, real_summary, real_values, root_key

x, y = symbols("x y")
P = (x**2 - 2) * (x - 1) ** 2 * (x**3 - x - 1)


def test_real_keys_in_order():
    assert real_keys(P, x) == [(x**2 - 2, 0), (x - 1, 0), (x - 1, 0), (x**3 - x - 1, 0), (x**2 - 2, 1)]


def test_real_keys_of_a_scaled_polynomial():
    assert real_keys(x**5 + 512 * x + 1024, x) == [(x**5 + 2 * x + 1, 0)]


def test_real_keys_in_another_symbol_and_without_real_roots():
    assert real_keys(y**3 - y, y) == [(y + 1, 0), (y, 0), (y - 1, 0)]
    assert real_keys(x**2 + 1, x) == []


def test_root_keys_of_real_roots():
    assert root_key(P, x, 0) == (x**2 - 2, 0)
    assert root_key(P, x, 3) == (x**3 - x - 1, 0)


def test_root_keys_of_complex_roots():
    assert root_key(P, x, 5) == (x**3 - x - 1, 1)
    assert root_key(P, x, -1) == (x**3 - x - 1, 2)
    assert root_key((x**2 + 1) * (x**3 - 2), x, 1) == (x**2 + 1, 0)


def test_root_key_out_of_range():
    with pytest.raises(IndexError):
        root_key(x**2 - 2, x, 2)


def test_real_values():
    values = real_values(P, x)
    assert [round(float(v), 6) for v in values] == [-1.414214, 1.0, 1.0, 1.324718, 1.414214]


def test_real_values_are_scaled_back():
    assert [round(float(v), 6) for v in real_values(x**5 + 512 * x + 1024, x)] == [-1.945556]
    assert [str(v) for v in real_values(4 * x**2 - 2, x, 5)] == ["-0.70711", "0.70711"]


def test_real_summary():
    assert real_summary(P, x) == {
        "keys": [(x**2 - 2, 0), (x - 1, 0), (x - 1, 0), (x**3 - x - 1, 0), (x**2 - 2, 1)],
        "count": 5,
        "intervals": 4,
    }


def test_real_summary_with_a_zero_root():
    assert real_summary(x**3 - x, x) == {"keys": [(x + 1, 0), (x, 0), (x - 1, 0)], "count": 3, "intervals": 2}
