import pytest
from sympy import Rational, sqrt, symbols

from surds.levels import combined_pass, denest_pass, one_level, route_report

x = symbols("x", positive=True)
BIQUADRATIC = sqrt((2 * sqrt(2) + 4) * sqrt(2 + sqrt(2)) + 5 * sqrt(2) + 8)
NESTED = sqrt(2 * sqrt(1 + sqrt(2)) + 4 + 3 * sqrt(2) + 2 * sqrt(2) * sqrt(1 + sqrt(2)))


def test_one_level_quick_cases():
    assert one_level(sqrt(5 + 2 * sqrt(6))) == sqrt(2) + sqrt(3)
    assert one_level(sqrt(5 + 2 * sqrt(6)), general=False) == sqrt(2) + sqrt(3)
    assert one_level(sqrt(3 + sqrt(2))) == sqrt(3 + sqrt(2))


def test_one_level_fourth_roots():
    assert one_level(sqrt(3 + 2 * sqrt(3))) == 3 ** Rational(3, 4) * (sqrt(6) / 2 + 3 * sqrt(2) / 2) / 3


def test_one_level_with_the_general_denester():
    assert one_level(BIQUADRATIC) == sqrt(2) + sqrt(sqrt(2) + 2) + 2
    assert one_level(NESTED) == 1 + sqrt(2) + sqrt(1 + sqrt(2))


def test_one_level_without_the_general_denester():
    assert one_level(BIQUADRATIC, general=False) == BIQUADRATIC
    assert one_level(NESTED, general=False) == NESTED


def test_one_level_refuses_other_expressions():
    with pytest.raises(ValueError):
        one_level(1 + sqrt(2))


def test_one_pass_without_expansion():
    assert denest_pass(sqrt(2) * (1 + sqrt(5 + 2 * sqrt(6)))) == sqrt(2) * (1 + sqrt(2) + sqrt(3))
    assert denest_pass(1 / sqrt(5 + 2 * sqrt(6))) == 1 / (sqrt(2) + sqrt(3))


def test_one_pass_of_deeper_expressions():
    assert denest_pass(sqrt(sqrt(5 + 2 * sqrt(6)))) == (5 + 2 * sqrt(6)) ** Rational(1, 4)
    assert denest_pass(sqrt(x + 2 * sqrt(x - 1))) == sqrt(x + 2 * sqrt(x - 1))


def test_route_report():
    e = sqrt(16 - 2 * sqrt(29) + 2 * sqrt(55 - 10 * sqrt(29)))
    expected = sqrt(11 - 2 * sqrt(29)) + sqrt(5)
    assert route_report(e) == {"general": expected, "quick_only": expected, "symbolic": expected, "pass": expected}


def test_route_report_of_a_biquadratic():
    report = route_report(BIQUADRATIC)
    assert report["general"] == sqrt(2) + sqrt(sqrt(2) + 2) + 2
    assert report["quick_only"] == BIQUADRATIC
    assert report["pass"] == sqrt(2) + sqrt(sqrt(2) + 2) + 2


def test_combined_pass():
    assert combined_pass(sqrt(2 + sqrt(3)) + sqrt(6 + 3 * sqrt(3))) == (1 + sqrt(3)) * (sqrt(2) / 2 + sqrt(6) / 2)
    assert combined_pass(sqrt(5 + 2 * sqrt(6)) + sqrt(3)) == sqrt(3) * (sqrt(6) / 3 + 2)
