import pytest

from polykit.finite import chebyshev_traces, cyclotomic_characters, half_power, to_residues, trace_poly


def test_residues_modulo_a_prime():
    assert to_residues([1, -1], 5) == [1, 4]
    assert to_residues([7, -3, 2], 5) == [2, 2, 2]
    assert to_residues([5, 10], 5) == []


def test_traces_that_vanish():
    assert trace_poly([1, 0], [1, 0, 1], 3) == []
    assert trace_poly([3], [1, 0, 1], 3) == []
    assert trace_poly([1, 0], [1, 0, 0, 1, 1], 2) == []


def test_traces_of_linear_and_constant_elements():
    assert trace_poly([1, 1], [1, 0, 2], 5) == [2]
    assert trace_poly([2, 0], [1, 1, 1, 2], 7) == [5]
    assert trace_poly([1, 0, 0], [1, 0, 1], 3) == [1]


def test_trace_modulo_a_reducible_polynomial():
    assert trace_poly([1, 2, 3], [1, 0, 0, 2, 1], 3) == [2, 2, 1, 0]


def test_the_modulus_is_read_modulo_p():
    assert trace_poly([1, 0], [4, 0, 1], 3) == []
    with pytest.raises(ValueError):
        trace_poly([1, 0], [3, 0, 1], 3)
    with pytest.raises(ValueError):
        trace_poly([1, 0], [7], 3)


def test_half_powers():
    assert half_power([1, 0], [1, 0, 1], 3) == [1]
    assert half_power([1, 1], [1, 0, 2], 5) == [4]
    assert half_power([3, 0], [1, 0, 2], 5) == [4]
    assert half_power([12], [1, 2], 13) == [1]
    assert half_power([0], [1, 0, 1], 3) == []


def test_half_power_modulo_a_reducible_polynomial():
    assert half_power([1, 2, 3], [1, 0, 0, 2, 1], 3) == [2, 1, 0]
    assert half_power([1, 1, 0], [1, 0, 0, 2, 1], 3) == [1, 1, 0]


def test_bad_moduli_and_primes():
    with pytest.raises(ValueError):
        half_power([1, 0], [1, 0], 4)
    with pytest.raises(ValueError):
        half_power([1, 0], [1, 0], 2)
    with pytest.raises(TypeError):
        trace_poly([1.5], [1, 0], 3)


def test_chebyshev_traces():
    assert chebyshev_traces(4, [1, 0, 2], 5) == [[2], [], [], [], [3]]
    assert chebyshev_traces(3, [1, 0, 0, 3, 1], 7) == [[4], [2, 6, 5, 1], [5, 3, 3, 2], [6, 6, 1, 2]]


def test_cyclotomic_characters():
    assert cyclotomic_characters(6, [1, 0, 1], 7) == [([1, 6], [1]), ([1, 1], [1]), ([1, 1, 1], [1]), ([1, 6, 1], [1])]
    assert cyclotomic_characters(4, [1, 0, 0, 2, 1], 3) == [([1, 2], [1, 2]), ([1, 1], [2, 2]), ([1, 0, 1], [2, 2, 2, 0])]
