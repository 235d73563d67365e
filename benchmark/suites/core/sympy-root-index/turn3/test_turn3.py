from sympy import Rational, symbols

from rootindex.complexes import all_keys, catalogue, complex_boxes

x = symbols("x")
R = Rational


def test_all_keys_real_roots_first():
    assert all_keys((x**2 + 1) * (x**3 - 2), x) == [(x**3 - 2, 0), (x**2 + 1, 0), (x**2 + 1, 1), (x**3 - 2, 1), (x**3 - 2, 2)]


def test_all_keys_without_real_roots():
    assert all_keys(x**4 + 1, x) == [(x**4 + 1, 0), (x**4 + 1, 1), (x**4 + 1, 2), (x**4 + 1, 3)]


def test_all_keys_with_repeated_roots():
    assert all_keys((x**2 + x + 1) ** 2 * (x - 3), x) == [
        (x - 3, 0),
        (x**2 + x + 1, 0),
        (x**2 + x + 1, 0),
        (x**2 + x + 1, 1),
        (x**2 + x + 1, 1),
    ]


def test_boxes_of_two_factors():
    assert complex_boxes((x**2 + 1) * (x**3 - 2), x) == [
        (x**2 + 1, ((0, R(1, 4)), (-1, R(-7, 8))), 1),
        (x**2 + 1, ((0, R(1, 4)), (R(7, 8), 1)), 1),
        (x**3 - 2, ((-1, R(-1, 2)), (R(-3, 2), -1)), 1),
        (x**3 - 2, ((-1, R(-1, 2)), (1, R(3, 2))), 1),
    ]


def test_boxes_of_a_quartic():
    assert complex_boxes(x**4 + 1, x) == [
        (x**4 + 1, ((-1, R(-1, 2)), (-1, R(-1, 2))), 1),
        (x**4 + 1, ((-1, R(-1, 2)), (R(1, 2), 1)), 1),
        (x**4 + 1, ((R(1, 2), 1), (-1, R(-1, 2))), 1),
        (x**4 + 1, ((R(1, 2), 1), (R(1, 2), 1)), 1),
    ]


def test_boxes_keep_multiplicities():
    assert complex_boxes((x**2 + x + 1) ** 2 * (x - 3), x) == [
        (x**2 + x + 1, ((R(-1, 2), R(-1, 4)), (-1, R(-3, 4))), 2),
        (x**2 + x + 1, ((R(-1, 2), R(-1, 4)), (R(3, 4), 1)), 2),
    ]


def test_no_boxes_for_real_roots():
    assert complex_boxes(x**2 - 2, x) == []


def test_catalogue_of_a_cubic():
    assert catalogue(x**3 - x - 1, x) == {
        "real": [(x**3 - x - 1, 0)],
        "all": [(x**3 - x - 1, 0), (x**3 - x - 1, 1), (x**3 - x - 1, 2)],
        "first_complex": (x**3 - x - 1, 1),
        "boxes": [(x**3 - x - 1, ((-1, R(-1, 2)), (-1, R(-1, 2))), 1), (x**3 - x - 1, ((-1, R(-1, 2)), (R(1, 2), 1)), 1)],
    }


def test_catalogue_of_a_scaled_polynomial():
    assert catalogue(x**2 - 4, x) == {"real": [(x + 1, 0), (x - 1, 0)], "all": [(x + 1, 0), (x - 1, 0)], "first_complex": None, "boxes": []}


def test_catalogue_of_a_scaled_quintic():
    assert catalogue(x**5 + 512 * x + 1024, x)["all"][0] == (x**5 + 2 * x + 1, 0)
    assert len(catalogue(x**5 + 512 * x + 1024, x)["boxes"]) == 4
