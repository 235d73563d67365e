from more_itertools import collapse

from more_itertools_tokens.grouping import group_text


def tokens(nested, levels=None):
    return list(collapse(nested, levels=levels))


def _leaf_text(leaf):
    return leaf.decode("ascii") if isinstance(leaf, bytes) else str(leaf)


def key_text(parts, size=4, sep="-"):
    text = "".join(_leaf_text(leaf) for leaf in tokens(parts))
    return group_text(text.upper(), size, sep)
