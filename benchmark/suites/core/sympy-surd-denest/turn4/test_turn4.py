import pytest
from sympy import I, Rational, sqrt

from surds.general import denester_report, general_denester, sum_root_denest

BIQUADRATIC = sqrt((2 * sqrt(2) + 4) * sqrt(2 + sqrt(2)) + 5 * sqrt(2) + 8)
NESTED = sqrt(2 * sqrt(1 + sqrt(2)) + 4 + 3 * sqrt(2) + 2 * sqrt(2) * sqrt(1 + sqrt(2)))


def test_denester_on_nested_radicands():
    assert general_denester(BIQUADRATIC) == sqrt(2) + sqrt(sqrt(2) + 2) + 2
    assert general_denester(NESTED) == 1 + sqrt(2) + sqrt(1 + sqrt(2))


def test_denester_on_simple_radicands():
    assert general_denester(sqrt(5 + 2 * sqrt(6))) == sqrt(2) + sqrt(3)
    assert general_denester(sqrt(3 + 2 * sqrt(3))) == sqrt(2) * 3 ** Rational(1, 4) / 2 + sqrt(2) * 3 ** Rational(3, 4) / 2


def test_denester_forms():
    e = sqrt(16 - 2 * sqrt(29) + 2 * sqrt(55 - 10 * sqrt(29)))
    assert general_denester(e) == sqrt(5) * sqrt(55 - 10 * sqrt(29)) / 5 + sqrt(5)


def test_denester_that_finds_nothing_new():
    assert general_denester(sqrt(3 + sqrt(2))) == sqrt(3 + sqrt(2))
    with pytest.raises(ValueError):
        general_denester(2 + sqrt(2))


def test_sum_of_three_roots():
    assert sum_root_denest(sqrt(10 + 2 * sqrt(6) + 2 * sqrt(10) + 2 * sqrt(15))) == sqrt(2) + sqrt(3) + sqrt(5)
    assert sum_root_denest(sqrt(12 + 2 * sqrt(6) + 2 * sqrt(14) + 2 * sqrt(21))) == sqrt(2) + sqrt(3) + sqrt(7)


def test_sum_of_roots_under_a_negative_radicand():
    assert sum_root_denest(sqrt(-10 - 2 * sqrt(6) - 2 * sqrt(10) - 2 * sqrt(15))) == I * (sqrt(2) + sqrt(3) + sqrt(5))


def test_sums_that_do_not_denest():
    assert sum_root_denest(sqrt(5 + 2 * sqrt(6) + 2 * sqrt(2) + 2 * sqrt(3))) is None
    assert sum_root_denest(sqrt(1 + sqrt(2) + sqrt(3))) is None


def test_sum_root_denest_refuses_other_radicands():
    with pytest.raises(ValueError):
        sum_root_denest(sqrt(5 + 2 * sqrt(6)))


def test_denester_report():
    report = denester_report(NESTED)
    assert report["denester"] == 1 + sqrt(2) + sqrt(1 + sqrt(2))
    assert report["one_level"] == 1 + sqrt(2) + sqrt(1 + sqrt(2))
    assert report["routes"]["quick_only"] == NESTED
    assert report["routes"]["symbolic"] is None


def test_denester_report_of_a_symbolic_case():
    e = sqrt(16 - 2 * sqrt(29) + 2 * sqrt(55 - 10 * sqrt(29)))
    report = denester_report(e)
    assert report["one_level"] == sqrt(11 - 2 * sqrt(29)) + sqrt(5)
    assert report["denester"] == sqrt(5) * sqrt(55 - 10 * sqrt(29)) / 5 + sqrt(5)
