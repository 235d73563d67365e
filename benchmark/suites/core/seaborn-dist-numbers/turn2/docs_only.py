"""Written from seaborn's public documentation only: histplot's stat ("count:
show the number of observations in each bin; frequency: show the number of
observations divided by the bin width; probability or proportion: normalize
such that bar heights sum to 1; percent: normalize such that bar heights sum
to 100; density: normalize such that the total area of the histogram equals
1"), cumulative ("If True, plot the cumulative counts as bins increase"), and
ecdfplot's stat and complementary ("use the complementary CDF (1 - CDF)")."""

import numpy as np

from dist_numbers.bins import bar_edges, classic_bin_count


def _pairs(values, weights):
    x = np.asarray([np.nan if v is None else v for v in np.ravel(values)], dtype=float)
    w = np.ones_like(x) if weights is None else np.asarray(weights, dtype=float).ravel()
    if w.shape != x.shape:
        raise ValueError("weights must match values")
    keep = ~np.isnan(x)
    return x[keep], w[keep]


def bar_heights(values, stat="count", bins=None, width=None, limits=None, discrete=False,
                cumulative=False, weights=None) -> tuple:
    if stat not in ("count", "frequency", "probability", "proportion", "percent", "density"):
        raise ValueError(stat)
    x, w = _pairs(values, weights)
    if bins is None:
        bins = classic_bin_count(x)
    edges = np.asarray(bar_edges(x, bins, width, limits, discrete), dtype=float)
    counts, _ = np.histogram(x, edges, weights=w)
    widths = np.diff(edges)
    heights = {
        "count": counts,
        "frequency": counts / widths,
        "probability": counts / counts.sum(),
        "proportion": counts / counts.sum(),
        "percent": counts / counts.sum() * 100,
        "density": counts / counts.sum() / widths,
    }[stat].astype(float)
    if cumulative:
        heights = np.cumsum(heights)
    return heights, edges


def cumulative_steps(values, stat="proportion", complementary=False, weights=None) -> tuple:
    if stat not in ("proportion", "percent", "count"):
        raise ValueError(stat)
    x, w = _pairs(values, weights)
    if x.size == 0:
        raise ValueError("no data")
    order = np.argsort(x)
    x, y = x[order], np.cumsum(w[order])
    if stat != "count":
        y = y / y[-1] * (100 if stat == "percent" else 1)
    if complementary:
        y = y[-1] - y
    return x, y
