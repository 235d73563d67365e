from more_itertools import map_reduce, sliding_window

from more_itertools_tokens.leaves import tokens


def token_ngrams(nested, n):
    return list(sliding_window(tokens(nested), n))


def ngram_counts(nested, n):
    return map_reduce(token_ngrams(nested, n), lambda gram: gram, lambda gram: 1, sum)
