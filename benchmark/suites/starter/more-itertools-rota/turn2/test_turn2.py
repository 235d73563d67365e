from more_itertools_rota.rounds import round_orders, rotations
import pytest


def test_all_left_rotations():
    assert rotations('abcd') == [('a', 'b', 'c', 'd'), ('b', 'c', 'd', 'a'), ('c', 'd', 'a', 'b'), ('d', 'a', 'b', 'c')]


def test_two_steps():
    assert rotations('abcd', 2) == [('a', 'b', 'c', 'd'), ('c', 'd', 'a', 'b')]


def test_right_rotations():
    assert rotations(['a', 'b', 'c'], -1) == [('a', 'b', 'c'), ('c', 'a', 'b'), ('b', 'c', 'a')]


def test_steps_sharing_a_divisor():
    assert (rotations('abcdef', 4), rotations('abcd', 6), rotations('abc', 3)) == ([('a', 'b', 'c', 'd', 'e', 'f'), ('e', 'f', 'a', 'b', 'c', 'd'), ('c', 'd', 'e', 'f', 'a', 'b')], [('a', 'b', 'c', 'd'), ('c', 'd', 'a', 'b')], [('a', 'b', 'c')])


def test_positions_not_values():
    assert rotations(iter('aa')) == [('a', 'a'), ('a', 'a')]


def test_empty_order():
    assert rotations([]) == []


def test_round_table_of_four():
    assert round_orders('dcba') == [('a', 'b', 'c', 'd'), ('a', 'b', 'd', 'c'), ('a', 'c', 'b', 'd'), ('a', 'c', 'd', 'b'), ('a', 'd', 'b', 'c'), ('a', 'd', 'c', 'b')]


def test_round_table_with_repeats():
    assert round_orders('aabb') == [('a', 'a', 'b', 'b'), ('a', 'b', 'a', 'b')]


def test_round_table_incomparable():
    assert round_orders(['b', None, 'b']) == [('b', 'b', None)]


def test_round_table_small():
    assert (round_orders([]), round_orders(['solo']), round_orders('ba')) == ([()], [('solo',)], [('a', 'b')])


def test_zero_steps():
    with pytest.raises(ValueError):
        rotations('abc', 0)
