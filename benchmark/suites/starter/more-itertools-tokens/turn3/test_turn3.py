from more_itertools_tokens.ngrams import ngram_counts, token_ngrams
import pytest


def test_bigrams_of_nested():
    assert token_ngrams(['to', ['be', 'or'], ('not', ['to', 'be'])], 2) == [('to', 'be'), ('be', 'or'), ('or', 'not'), ('not', 'to'), ('to', 'be')]


def test_unigrams_are_one_tuples():
    assert token_ngrams(['a', ['b']], 1) == [('a',), ('b',)]


def test_fewer_leaves_than_n():
    assert (token_ngrams(['a', ['b']], 3), token_ngrams([], 1)) == ([], [])


def test_exactly_n_leaves():
    assert token_ngrams([['x', 'y'], 'z'], 3) == [('x', 'y', 'z')]


def test_long_windows():
    assert token_ngrams([list(range(12)), list(range(12, 23))], 21) == [(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20), (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21), (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22)]


def test_counts_in_first_occurrence_order():
    assert list(ngram_counts(['b', 'a', ['b', 'a'], 'c', 'b', 'a'], 2).items()) == [(('b', 'a'), 3), (('a', 'b'), 1), (('a', 'c'), 1), (('c', 'b'), 1)]


def test_counts_of_unigrams():
    assert (dict(ngram_counts('abc', 1)), dict(ngram_counts(['x', ['y', 'x']], 1))) == ({('abc',): 1}, {('x',): 2, ('y',): 1})


def test_counts_empty():
    assert dict(ngram_counts(['a'], 2)) == {}


def test_counts_is_a_dict():
    assert isinstance(ngram_counts(['a', 'b'], 1), dict) == True


def test_missing_ngram_lookup():
    with pytest.raises(KeyError):
        ngram_counts(['a', 'b'], 1)[('c',)]


def test_zero_n():
    with pytest.raises(ValueError):
        token_ngrams(['a', 'b'], 0)


def test_negative_n_counts():
    with pytest.raises(ValueError):
        ngram_counts(['a'], -1)
