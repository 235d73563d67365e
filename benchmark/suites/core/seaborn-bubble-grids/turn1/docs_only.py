"""Written from seaborn's public documentation only: histplot's bins ("Passed to
numpy.histogram_bin_edges"), binwidth ("Width of each bin, overrides bins but
can be used with binrange"), binrange ("Lowest and highest value for bin
edges"), discrete ("If True, default to binwidth=1 and draw the bars so that
they are centered on their corresponding data points"), and "each can be a
pair of values for bivariate plots"."""

import numpy as np



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


def _edges(x, bins, binwidth, binrange, discrete):
    low, high = (x.min(), x.max()) if binrange is None else binrange
    if discrete:
        return np.arange(np.floor(low) - 0.5, np.ceil(high) + 1.0)
    if binwidth is not None:
        count = max(int(np.ceil((high - low) / binwidth)), 1)
        return low + binwidth * np.arange(count + 1)
    return np.histogram_bin_edges(x, bins, range=None if binrange is None else tuple(binrange))


def edges_1d(x, bins="auto", binwidth=None, binrange=None, discrete=False) -> np.ndarray:
    """Bin edges seaborn's histogram plot uses for one variable."""
    x, _, _ = clean_pairs(x, x)
    if binwidth is not None and binwidth <= 0:
        raise ValueError("a bin width must be positive")
    if x.size == 0 and binrange is None:
        raise ValueError("no values to bin")
    return _edges(x, bins, binwidth, binrange, discrete)


def edges_2d(x, y, bins="auto", binwidth=None, binrange=None, discrete=False, weights=None) -> tuple:
    """(x edges, y edges) of seaborn's two-variable histogram; each argument may be a pair."""
    x, y, weights = clean_pairs(x, y, weights)
    if x.size == 0 and binrange is None:
        raise ValueError("no values to bin")
    def pick(arg, i):
        if isinstance(arg, (tuple, list)) and len(arg) == 2 and not isinstance(arg[0], (int, float)) or \
                isinstance(arg, tuple) and len(arg) == 2:
            return arg[i]
        return arg

    return (_edges(x, pick(bins, 0), pick(binwidth, 0), pick(binrange, 0) if binrange is None or
                   not isinstance(binrange[0], (int, float)) else binrange, pick(discrete, 0)),
            _edges(y, pick(bins, 1), pick(binwidth, 1), pick(binrange, 1) if binrange is None or
                   not isinstance(binrange[0], (int, float)) else binrange, pick(discrete, 1)))
