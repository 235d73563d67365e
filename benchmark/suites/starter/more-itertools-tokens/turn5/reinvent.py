from collections import Counter
from itertools import product, starmap

from more_itertools import batched

from more_itertools_tokens.follow import ngram_pairs
from more_itertools_tokens.ngrams import token_ngrams


def transition_matrix(nested, n=1, lag=1):
    states = list(dict.fromkeys(token_ngrams(nested, n)))
    if not states:
        return [], []
    missing = object()
    counts = Counter(ngram_pairs(nested, n, lag, missing))
    cells = starmap(lambda left, right: counts[left, right], product(states, states))
    return states, list(batched(cells, n=len(states)))
