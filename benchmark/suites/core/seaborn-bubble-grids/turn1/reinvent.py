"""The observations and the bin edges of seaborn's two-variable histograms."""

import numpy as np

from numbers import Number


def clean_pairs(x, y, weights=None) -> tuple:
    """(x, y, weights) as float arrays, pairs with a missing or infinite value dropped."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError("x and y must be vectors of the same length")
    w = np.ones_like(x) if weights is None else np.asarray(weights, dtype=float)
    if w.shape != x.shape:
        raise ValueError("one weight per pair is needed")
    keep = np.isfinite(x) & np.isfinite(y) & np.isfinite(w)
    return x[keep], y[keep], (None if weights is None else w[keep])


def _edges(x, weights, bins, binwidth, binrange, discrete):
    if binrange is None:
        start, stop = x.min(), x.max()
    else:
        start, stop = binrange
    if discrete:
        edges_1d = np.arange(start - .5, stop + 1.5)
    elif binwidth is not None:
        step = binwidth
        edges_1d = np.arange(start, stop + step, step)
        if edges_1d.max() < stop or len(edges_1d) < 2:
            edges_1d = np.append(edges_1d, edges_1d.max() + step)
    else:
        edges_1d = np.histogram_bin_edges(x, bins, binrange, weights)
    return edges_1d


def edges_1d(x, bins="auto", binwidth=None, binrange=None, discrete=False) -> np.ndarray:
    """Bin edges seaborn's histogram plot uses for one variable."""
    x, _, _ = clean_pairs(x, x)
    if binwidth is not None and binwidth <= 0:
        raise ValueError("a bin width must be positive")
    if x.size == 0 and binrange is None:
        raise ValueError("no values to bin")
    return np.asarray(_edges(x, None, bins, binwidth, binrange, discrete), dtype=float)


def edges_2d(x, y, bins="auto", binwidth=None, binrange=None, discrete=False, weights=None) -> tuple:
    """(x edges, y edges) of seaborn's two-variable histogram; each argument may be a pair."""
    x, y, weights = clean_pairs(x, y, weights)
    if x.size == 0 and binrange is None:
        raise ValueError("no values to bin")
    found = []
    for i, values in enumerate([x, y]):
        b = bins
        if not b or isinstance(b, (str, Number)):
            pass
        elif isinstance(b[i], str):
            b = b[i]
        elif len(b) == 2:
            b = b[i]
        width = binwidth
        if width is not None and not isinstance(width, Number):
            width = width[i]
        limits = binrange
        if limits is not None and not isinstance(limits[0], Number):
            limits = limits[i]
        disc = discrete
        if not isinstance(disc, bool):
            disc = disc[i]
        found.append(_edges(values, weights, b, width, limits, disc))
    return np.asarray(found[0], dtype=float), np.asarray(found[1], dtype=float)
