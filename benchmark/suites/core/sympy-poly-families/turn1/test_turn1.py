import pytest

from polykit.families import chebyshev_coeffs, cyclotomic_factors, family_report


def test_small_chebyshev_polynomials():
    assert chebyshev_coeffs(0) == [1]
    assert chebyshev_coeffs(1) == [1, 0]
    assert chebyshev_coeffs(2) == [2, 0, -1]
    assert chebyshev_coeffs(5) == [16, 0, -20, 0, 5, 0]


def test_large_chebyshev_polynomial():
    coeffs = chebyshev_coeffs(64)
    assert len(coeffs) == 65
    assert coeffs[0] == 2**63 and coeffs[-1] == 1 and coeffs[-3] == -2048
    assert all(type(c) is int for c in coeffs)


def test_chebyshev_rejects_bad_orders():
    with pytest.raises(ValueError):
        chebyshev_coeffs(-1)
    with pytest.raises(TypeError):
        chebyshev_coeffs(2.0)


def test_factors_of_prime_orders():
    assert cyclotomic_factors(1) == [[1, -1]]
    assert cyclotomic_factors(7) == [[1, -1], [1, 1, 1, 1, 1, 1, 1]]


def test_factors_of_a_prime_power():
    assert cyclotomic_factors(8) == [[1, -1], [1, 1], [1, 0, 1], [1, 0, 0, 0, 1]]
    assert cyclotomic_factors(9) == [[1, -1], [1, 1, 1], [1, 0, 0, 1, 0, 0, 1]]


def test_factors_of_twelve_come_in_generation_order():
    assert cyclotomic_factors(12) == [[1, -1], [1, 1], [1, 0, 1], [1, 1, 1], [1, -1, 1], [1, 0, -1, 0, 1]]


def test_factors_of_thirty():
    factors = cyclotomic_factors(30)
    assert [len(f) - 1 for f in factors] == [1, 1, 2, 2, 4, 4, 8, 8]
    assert factors[3] == [1, -1, 1]
    assert factors[4] == [1, 1, 1, 1, 1]
    assert factors[-1] == [1, 1, 0, -1, -1, -1, 0, 1, 1]


def test_factors_reject_order_zero():
    with pytest.raises(ValueError):
        cyclotomic_factors(0)
    with pytest.raises(ValueError):
        cyclotomic_factors(-3)


def test_report_of_six():
    assert family_report(6) == {
        "chebyshev_degree": 6,
        "chebyshev_leading": 32,
        "chebyshev_at_minus_one": 1,
        "factors": [[1, -1], [1, 1], [1, 1, 1], [1, -1, 1]],
        "degrees": [1, 1, 2, 2],
        "last_degree": 2,
    }


def test_report_of_nine_and_zero():
    nine = family_report(9)
    assert nine["chebyshev_at_minus_one"] == -1 and nine["chebyshev_leading"] == 256
    assert nine["degrees"] == [1, 2, 6] and nine["last_degree"] == 6
    assert family_report(0) == {
        "chebyshev_degree": 0,
        "chebyshev_leading": 1,
        "chebyshev_at_minus_one": 1,
        "factors": [],
        "degrees": [],
        "last_degree": None,
    }
