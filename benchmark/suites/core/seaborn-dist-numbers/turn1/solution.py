"""Histogram bins exactly as seaborn draws them."""

import numpy as np
import pandas as pd

from seaborn._stats.counting import Hist
from seaborn.distributions import _freedman_diaconis_bins

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
    """Number of bars of seaborn's classic distribution plot (the old default)."""
    x = _observed(values)
    return int(np.clip(_freedman_diaconis_bins(x), 1, CLASSIC_MAX_BINS))
