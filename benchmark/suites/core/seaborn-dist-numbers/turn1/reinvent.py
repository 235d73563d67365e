"""Histogram bins exactly as seaborn draws them."""

import numpy as np
import pandas as pd

from seaborn._stats.counting import Hist

CLASSIC_MAX_BINS = 50


def _observed(values) -> np.ndarray:
    """The values as floats, missing ones (None, NaN) left out."""
    x = np.asarray([np.nan if v is None else v for v in np.ravel(values)], dtype=float)
    return x[~np.isnan(x)]


def bar_edges(values, bins="auto", width=None, limits=None, discrete=False) -> np.ndarray:
    """Edges of the bars seaborn's histogram draws for ``values``."""
    x = _observed(values)
    if not np.isfinite(x).any() and limits is None:
        raise ValueError("no data to bin")
    histogram = Hist(bins=bins, binwidth=width, binrange=limits, discrete=discrete)
    edges = histogram._define_bin_edges(pd.Series(x), None, bins, width, limits, discrete)
    return np.asarray(edges, dtype=float)


def classic_bin_count(values) -> int:
    a = np.asarray(_observed(values))
    if len(a) < 2:
        return 1
    iqr = np.subtract.reduce(np.nanpercentile(a, [75, 25]))
    h = 2 * iqr / (len(a) ** (1 / 3))
    if h == 0:
        count = int(np.sqrt(a.size))
    else:
        count = int(np.ceil((a.max() - a.min()) / h))
    return min(count, CLASSIC_MAX_BINS)
