from more_itertools_tokens.follow import ngram_pairs
import pytest


def test_successors():
    assert ngram_pairs(['a', ['b', 'c']], 1) == [(('a',), ('b',)), (('b',), ('c',)), (('c',), None)]


def test_bigram_successors():
    assert ngram_pairs(['a', 'b', ['c', 'd']], 2) == [(('a', 'b'), ('b', 'c')), (('b', 'c'), ('c', 'd')), (('c', 'd'), None)]


def test_lag_zero():
    assert ngram_pairs(['x', 'y'], 1, lag=0) == [(('x',), ('x',)), (('y',), ('y',))]


def test_predecessors():
    assert ngram_pairs(['a', ['b', 'c']], 1, lag=-1) == [(('a',), None), (('b',), ('a',)), (('c',), ('b',)), (None, ('c',))]


def test_lag_two_with_fill():
    assert ngram_pairs('a b c d'.split(), 1, lag=2, fill=()) == [(('a',), ('c',)), (('b',), ('d',)), (('c',), ()), (('d',), ())]


def test_lag_beyond_the_end():
    assert ngram_pairs(['a', 'b'], 1, lag=5, fill='-') == [(('a',), '-'), (('b',), '-')]


def test_negative_lag_beyond_the_start():
    assert ngram_pairs(['a', 'b'], 1, lag=-3, fill='-') == [(('a',), '-'), (('b',), '-'), ('-', '-'), ('-', ('a',)), ('-', ('b',))]


def test_no_ngrams():
    assert (ngram_pairs([], 1), ngram_pairs(['a'], 2, lag=-1)) == ([], [(None, None)])


def test_single_ngram():
    assert ngram_pairs([['p', 'q']], 2, lag=1, fill=0) == [(('p', 'q'), 0)]


def test_zero_n():
    with pytest.raises(ValueError):
        ngram_pairs(['a', 'b'], 0)
