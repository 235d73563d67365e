"""The counts of the cells of seaborn's two-variable histogram, and of its margins."""

import numpy as np

from bubble_grid.bins import edges_1d, edges_2d, clean_pairs

STATS = ("count", "frequency", "density", "probability", "proportion", "percent")


def grid_counts(x, y, stat="count", bins="auto", binwidth=None, binrange=None, discrete=False,
                cumulative=False, weights=None) -> tuple:
    """(heights, x edges, y edges): heights[i][j] for x bin i and y bin j."""
    if stat not in STATS:
        raise ValueError(f"stat must be one of {STATS}")
    x, y, weights = clean_pairs(x, y, weights)
    xedges, yedges = edges_2d(x, y, bins=bins, binwidth=binwidth, binrange=binrange,
                                  discrete=discrete, weights=weights)
    density = stat == "density"
    hist, *edges = np.histogram2d(x, y, bins=(xedges, yedges), weights=weights, density=density)
    area = np.outer(np.diff(edges[0]), np.diff(edges[1]))
    if stat == "probability" or stat == "proportion":
        hist = hist.astype(float) / hist.sum()
    elif stat == "percent":
        hist = hist.astype(float) / hist.sum() * 100
    elif stat == "frequency":
        hist = hist.astype(float) / area
    if cumulative:
        if stat in ["density", "frequency"]:
            hist = (hist * area).cumsum(axis=0).cumsum(axis=1)
        else:
            hist = hist.cumsum(axis=0).cumsum(axis=1)
    heights, xe, ye = hist, edges[0], edges[1]
    return np.asarray(heights, dtype=float), np.asarray(xe, dtype=float), np.asarray(ye, dtype=float)


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
    density = stat == "density"
    hist, edges = np.histogram(values, bins=edges, weights=weights, density=density)
    if stat == "probability" or stat == "proportion":
        hist = hist.astype(float) / hist.sum()
    elif stat == "percent":
        hist = hist.astype(float) / hist.sum() * 100
    elif stat == "frequency":
        hist = hist.astype(float) / np.diff(edges)
    if cumulative:
        if stat in ["density", "frequency"]:
            hist = (hist * np.diff(edges)).cumsum()
        else:
            hist = hist.cumsum()
    heights = hist
    return np.asarray(heights, dtype=float), np.asarray(edges, dtype=float)
