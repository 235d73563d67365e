"""Bar heights of seaborn's histogram and the steps of its ECDF plot."""

import numpy as np
import pandas as pd

from seaborn._statistics import ECDF
from seaborn._stats.counting import Hist

from dist_numbers.bins import bar_edges, classic_bin_count


def _pairs(values, weights):
    """Observed values as floats with their weights (1 each by default), missing values left out."""
    x = np.asarray([np.nan if v is None else v for v in np.ravel(values)], dtype=float)
    w = np.ones_like(x) if weights is None else np.asarray(weights, dtype=float).ravel()
    if w.shape != x.shape:
        raise ValueError("weights must match values")
    keep = ~np.isnan(x)
    return x[keep], w[keep]


def bar_heights(values, stat="count", bins=None, width=None, limits=None, discrete=False,
                cumulative=False, weights=None) -> tuple:
    """(heights, edges) of the bars seaborn's histogram draws."""
    histogram = Hist(stat=stat, cumulative=cumulative)
    x, w = _pairs(values, weights)
    if bins is None:
        bins = classic_bin_count(x)
    edges = bar_edges(x, bins, width, limits, discrete)
    frame = pd.DataFrame({"x": x})
    if weights is not None:
        frame["weight"] = w
    data = histogram._eval(frame, "x", {"bins": edges})
    hist = data["count"]
    if histogram.stat == "probability" or histogram.stat == "proportion":
        hist = hist.astype(float) / hist.sum()
    elif histogram.stat == "percent":
        hist = hist.astype(float) / hist.sum() * 100
    elif histogram.stat == "frequency":
        hist = hist.astype(float) / data["space"]
    if histogram.cumulative:
        if histogram.stat in ["density", "frequency"]:
            hist = (hist * data["space"]).cumsum()
        else:
            hist = hist.cumsum()
    counted = data.assign(**{histogram.stat: hist})
    return counted[stat].to_numpy(dtype=float), edges


def cumulative_steps(values, stat="proportion", complementary=False, weights=None) -> tuple:
    """(x, y) of the step line seaborn's ECDF plot draws, starting at minus infinity."""
    x, w = _pairs(values, weights)
    if x.size == 0:
        raise ValueError("no data")
    estimator = ECDF(stat=stat, complementary=complementary)
    y, x = estimator._eval_univariate(x, w)
    return np.asarray(x, dtype=float), np.asarray(y, dtype=float)
