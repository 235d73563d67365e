from more_itertools import zip_offset

from more_itertools_tokens.ngrams import token_ngrams


def ngram_pairs(nested, n, lag=1, fill=None):
    grams = token_ngrams(nested, n)
    return list(zip_offset(grams, grams, offsets=(0, lag), longest=True, fillvalue=fill))
