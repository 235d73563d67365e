import pytest

from modgcd.images import combine, degree_bound, gcd_mod, image_table


def test_images_modulo_primes_are_monic():
    assert gcd_mod([1, 0, -1], [1, -2, 1], 5) == [1, -1]
    assert gcd_mod([1, 2, 1], [1, 1], 3) == [1, 1]
    assert gcd_mod([2, 3], [4, 1], 7) == [1]


def test_images_with_zero_polynomials():
    assert gcd_mod([], [2, 3], 5) == [1, -1]
    assert gcd_mod([3, 0], [3, 3], 3) == []
    assert gcd_mod([], [], 5) == []


def test_images_refuse_bad_primes_and_inputs():
    with pytest.raises(ValueError):
        gcd_mod([1, 1], [1, 2], 6)
    with pytest.raises(TypeError):
        gcd_mod([1, 1.0], [1, 2], 5)


def test_degree_bound_of_polynomials_with_a_common_factor():
    assert degree_bound([1, 0, -1], [1, -2, 1]) == 2
    assert degree_bound([6, 1], [6, 5]) == 0


def test_degree_bound_from_the_first_useful_prime():
    assert degree_bound([1, 1], [1, 3]) == 1
    assert degree_bound([1, 1], [1, -1]) == 1
    assert degree_bound([2, 2], [2, 6]) == 0
    assert degree_bound([1, 0, 1], [1, 1]) == 1


def test_degree_bound_refuses_zero():
    with pytest.raises(ValueError):
        degree_bound([], [1, 1])


def test_combining_two_images():
    assert combine([1, 2], [1, 4], 3, 5) == [1, -1]
    assert combine([1, -1], [1, 1], 3, 5) == [1, -4]


def test_combining_images_of_higher_degree():
    assert combine([2, 0, 1], [1, 1, 1], 5, 7) == [-13, 15, 1]
    assert combine([3], [], 5, 7) == [-7]


def test_combining_refuses_bad_moduli():
    with pytest.raises(ValueError):
        combine([1, 1], [1, 1], 5, 5)
    with pytest.raises(ValueError):
        combine([1, 1], [1, 1], 5, 9)
    with pytest.raises(ValueError):
        combine([1], [1, 1], 5, 7)


def test_image_table():
    assert image_table([1, 0, -1], [1, 1, 0], [2, 3]) == {2: [1, 1], 3: [1, 1], "bound": 1}
    assert image_table([1, 1], [1, 3], [2, 3, 5]) == {2: [1, 1], 3: [1], 5: [1], "bound": 1}
