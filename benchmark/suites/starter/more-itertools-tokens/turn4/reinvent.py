from itertools import chain, islice, repeat, zip_longest

from more_itertools_tokens.ngrams import token_ngrams


def ngram_pairs(nested, n, lag=1, fill=None):
    grams = token_ngrams(nested, n)
    if lag < 0:
        shifted = chain(repeat(fill, -lag), grams)
    elif lag > 0:
        shifted = islice(grams, lag, None)
    else:
        shifted = grams
    return list(zip_longest(grams, shifted, fillvalue=fill))
