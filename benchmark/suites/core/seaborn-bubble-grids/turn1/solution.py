"""The observations and the bin edges of seaborn's two-variable histograms."""

import numpy as np

from seaborn._statistics import Histogram


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


def edges_1d(x, bins="auto", binwidth=None, binrange=None, discrete=False) -> np.ndarray:
    """Bin edges seaborn's histogram plot uses for one variable."""
    x, _, _ = clean_pairs(x, x)
    if binwidth is not None and binwidth <= 0:
        raise ValueError("a bin width must be positive")
    if x.size == 0 and binrange is None:
        raise ValueError("no values to bin")
    hist = Histogram(bins=bins, binwidth=binwidth, binrange=binrange, discrete=discrete)
    return np.asarray(hist._define_bin_edges(x, None, bins, binwidth, binrange, discrete), dtype=float)


def edges_2d(x, y, bins="auto", binwidth=None, binrange=None, discrete=False, weights=None) -> tuple:
    """(x edges, y edges) of seaborn's two-variable histogram; each argument may be a pair."""
    x, y, weights = clean_pairs(x, y, weights)
    if x.size == 0 and binrange is None:
        raise ValueError("no values to bin")
    hist = Histogram(bins=bins, binwidth=binwidth, binrange=binrange, discrete=discrete)
    xedges, yedges = hist.define_bin_params(x, y, weights=weights, cache=False)["bins"]
    return np.asarray(xedges, dtype=float), np.asarray(yedges, dtype=float)
