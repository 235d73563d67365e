from more_itertools_tokens.transitions import transition_matrix
import pytest


def test_unigram_successors():
    assert transition_matrix(['a', ['b', 'a'], 'b', 'b']) == ([('a',), ('b',)], [(0, 2), (1, 1)])


def test_states_in_first_occurrence_order():
    assert transition_matrix(['z', 'y', ['z', 'x']])[0] == [('z',), ('y',), ('x',)]


def test_bigrams():
    assert transition_matrix(['to', 'be', 'or', 'not', 'to', 'be'], n=2) == ([('to', 'be'), ('be', 'or'), ('or', 'not'), ('not', 'to')], [(0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1), (1, 0, 0, 0)])


def test_lag_two():
    assert transition_matrix(['a', 'b', 'a', 'b', 'a'], lag=2) == ([('a',), ('b',)], [(2, 0), (0, 1)])


def test_lag_zero_is_diagonal_counts():
    assert transition_matrix(['a', 'b', 'a'], lag=0) == ([('a',), ('b',)], [(2, 0), (0, 1)])


def test_negative_lag():
    assert transition_matrix(['a', 'b', 'b'], lag=-1) == ([('a',), ('b',)], [(0, 0), (1, 1)])


def test_single_state():
    assert transition_matrix([['q']]) == ([('q',)], [(0,)])


def test_no_ngrams():
    assert (transition_matrix([]), transition_matrix(['a'], n=2)) == (([], []), ([], []))


def test_rows_are_tuples():
    assert [type(row).__name__ for row in transition_matrix(['a', 'b'])[1]] == ['tuple', 'tuple']


def test_zero_n():
    with pytest.raises(ValueError):
        transition_matrix(['a'], n=0)
