"""The smoothed curve of seaborn's density plot, laid over its histogram, and quantiles of its ECDF."""

import numpy as np

from seaborn._statistics import KDE

from dist_numbers.bars import bar_heights, cumulative_steps


def density_curve(values, bandwidth=1.0, cut=3, points=200, clip=None, weights=None) -> tuple:
    """(grid, density) of the curve seaborn's density plot draws for ``values``."""
    x = np.asarray([np.nan if v is None else v for v in np.ravel(values)], dtype=float)
    w = None if weights is None else np.asarray(weights, dtype=float).ravel()
    keep = np.isfinite(x)
    x = x[keep]
    if w is not None:
        w = w[keep]
    if np.unique(x).size < 2:
        raise ValueError("a density needs at least two distinct values")
    estimator = KDE(bw_adjust=bandwidth, gridsize=points, cut=cut, clip=clip)
    density, grid = estimator._eval_univariate(x, w)
    return np.asarray(grid, dtype=float), np.asarray(density, dtype=float)


def histogram_with_curve(values, stat="count", bins=None, bandwidth=1.0, points=200, weights=None) -> dict:
    """Bars and the smoothed curve seaborn adds to them, on the bars' scale."""
    heights, edges = bar_heights(values, stat=stat, bins=bins, weights=weights)
    grid, density = density_curve(values, bandwidth=bandwidth, cut=0, points=points, weights=weights)
    scale = (heights * np.diff(edges)).sum()
    return {"heights": heights, "edges": edges, "grid": grid, "curve": density * scale}


def step_quantiles(values, shares, weights=None) -> list:
    """For each share in [0, 1], the smallest value at which the ECDF plot reaches it."""
    shares = np.atleast_1d(np.asarray(shares, dtype=float))
    if ((shares < 0) | (shares > 1)).any():
        raise ValueError("shares lie between 0 and 1")
    x, y = cumulative_steps(values, weights=weights)
    found = []
    for share in shares:
        index = int(np.searchsorted(y, share - 1e-12, side="left"))
        found.append(float(x[max(index, 1)]))
    return found
