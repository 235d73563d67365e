from more_itertools_rota.signatures import block_signatures, member_primes, team_signature
import pytest


def test_first_primes():
    assert member_primes(['cy', 'al', 'bo']) == {'cy': 2, 'al': 3, 'bo': 5}


def test_repeats_keep_first_occurrence():
    assert list(member_primes('abacabd').items()) == [('a', 2), ('b', 3), ('c', 5), ('d', 7)]


def test_many_members():
    assert list(member_primes(range(12)).values()) == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]


def test_empty_staff():
    assert member_primes([]) == {}


def test_signature_product():
    assert team_signature({'al', 'bo'}, ['cy', 'al', 'bo']) == 15


def test_signature_empty_team():
    assert team_signature([], 'abc') == 1


def test_signature_distinguishes_teams():
    assert sorted(team_signature(team, 'abcd') for team in ['ab', 'cd', 'ad', 'bc']) == [6, 14, 15, 35]


def test_block_signatures():
    assert block_signatures('abcd', 2) == [6, 15, 35]


def test_block_signatures_wrapping():
    assert block_signatures('abcab', 2) == [6, 10, 15]


def test_block_signatures_none():
    assert (block_signatures('abc', 4), block_signatures(iter('xyz'), 3)) == ([], [30])


def test_unknown_member():
    with pytest.raises(KeyError):
        team_signature(['z'], 'abc')
