"""Written from seaborn's public documentation only: histplot's stat ("count:
show the number of observations in each bin; frequency: show the number of
observations divided by the bin width; probability or proportion: normalize
such that bar heights sum to 1; percent: normalize such that bar heights sum
to 100; density: normalize such that the total area of the histogram equals
1") and cumulative ("If True, plot the cumulative counts as bins increase")."""

import numpy as np

from bubble_grid.bins import edges_1d, edges_2d, clean_pairs

STATS = ("count", "frequency", "density", "probability", "proportion", "percent")


def _normalise(counts, size, stat, cumulative):
    counts = counts.astype(float)
    total = counts.sum()
    heights = {"count": counts, "frequency": counts / size, "density": counts / size / total,
               "probability": counts / total, "proportion": counts / total, "percent": counts / total * 100}[stat]
    if cumulative:
        for axis in range(heights.ndim):
            heights = heights.cumsum(axis=axis)
    return heights


def grid_counts(x, y, stat="count", bins="auto", binwidth=None, binrange=None, discrete=False,
                cumulative=False, weights=None) -> tuple:
    """(heights, x edges, y edges): heights[i][j] for x bin i and y bin j."""
    if stat not in STATS:
        raise ValueError(f"stat must be one of {STATS}")
    x, y, weights = clean_pairs(x, y, weights)
    xedges, yedges = edges_2d(x, y, bins=bins, binwidth=binwidth, binrange=binrange,
                                  discrete=discrete, weights=weights)
    counts, xe, ye = np.histogram2d(x, y, bins=(xedges, yedges), weights=weights)
    return _normalise(counts, np.outer(np.diff(xe), np.diff(ye)), stat, cumulative), xe, ye


def margin_counts(x, y, axis=0, stat="count", bins="auto", binwidth=None, binrange=None,
                  discrete=False, cumulative=False, weights=None) -> tuple:
    """(heights, edges) of the marginal histogram of x (axis 0) or y (axis 1) of the pairs."""
    if axis not in (0, 1):
        raise ValueError("axis is 0 (x) or 1 (y)")
    if stat not in STATS:
        raise ValueError(f"stat must be one of {STATS}")
    x, y, weights = clean_pairs(x, y, weights)
    values = (x, y)[axis]
    pick = (lambda arg: arg[axis] if isinstance(arg, tuple) else arg)
    edges = edges_1d(values, bins=pick(bins), binwidth=pick(binwidth),
                      binrange=binrange if binrange is None or np.isscalar(binrange[0]) else binrange[axis],
                      discrete=pick(discrete))
    counts, edges = np.histogram(values, bins=edges, weights=weights)
    return _normalise(counts, np.diff(edges), stat, cumulative), edges
