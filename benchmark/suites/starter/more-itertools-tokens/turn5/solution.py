from collections import Counter

from more_itertools import outer_product, unique_everseen

from more_itertools_tokens.follow import ngram_pairs
from more_itertools_tokens.ngrams import token_ngrams


def transition_matrix(nested, n=1, lag=1):
    states = list(unique_everseen(token_ngrams(nested, n)))
    if not states:
        return [], []
    missing = object()
    counts = Counter(ngram_pairs(nested, n, lag, missing))
    return states, list(outer_product(lambda left, right: counts[left, right], states, states))
