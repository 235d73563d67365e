from collections import defaultdict

from more_itertools.recipes import _sliding_window_deque, _sliding_window_islice, pairwise

from more_itertools_tokens.leaves import tokens


def token_ngrams(nested, n):
    leaves = tokens(nested)
    if n > 20:
        grams = _sliding_window_deque(leaves, n)
    elif n > 2:
        grams = _sliding_window_islice(leaves, n)
    elif n == 2:
        grams = pairwise(leaves)
    elif n == 1:
        grams = zip(leaves)
    else:
        raise ValueError(f"n should be at least one, not {n}")
    return list(grams)


def ngram_counts(nested, n):
    counts = defaultdict(list)
    for gram in token_ngrams(nested, n):
        counts[gram].append(1)
    for gram, ones in counts.items():
        counts[gram] = sum(ones)
    counts.default_factory = None
    return counts
