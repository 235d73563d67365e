"""Written from seaborn's public documentation only: kdeplot's bivariate
density ("a Gaussian kernel"; bw_method "scott" as in scipy.stats.gaussian_kde,
bw_adjust multiplying it), cut ("Factor, multiplied by the smoothing
bandwidth, that determines how far the evaluation grid extends past the
extreme datapoints"), clip ("Do not evaluate the density outside of these
limits") and gridsize."""

import numpy as np


from bubble_grid.bins import clean_pairs
from bubble_grid.counts import grid_counts


def _pairs(x, y, weights):
    x, y, weights = clean_pairs(x, y, weights)
    if len(x) < 3 or len(np.unique(x)) < 2 or len(np.unique(y)) < 2:
        raise ValueError("a density surface needs values that vary along both axes")
    return x, y, weights


def _bandwidths(x, y, weights, bw_adjust):
    w = np.ones_like(x) if weights is None else weights
    factor = len(x) ** (-1 / 6) * bw_adjust  # Scott's rule in two dimensions
    sx = np.sqrt(np.cov(x, aweights=w))
    sy = np.sqrt(np.cov(y, aweights=w))
    return sx * factor, sy * factor


def _evaluate(x, y, weights, bx, by, xs, ys):
    w = np.ones_like(x) if weights is None else weights
    w = w / w.sum()
    gx, gy = np.meshgrid(xs, ys)
    kx = np.exp(-0.5 * ((gx[..., None] - x) / bx) ** 2)
    ky = np.exp(-0.5 * ((gy[..., None] - y) / by) ** 2)
    return (kx * ky * w).sum(axis=-1) / (2 * np.pi * bx * by)


def density_surface(x, y, bw_adjust=1.0, gridsize=50, cut=3, clip=None, weights=None) -> tuple:
    """(x grid, y grid, density): density[i][j] is the surface at (x grid[j], y grid[i])."""
    x, y, weights = _pairs(x, y, weights)
    if gridsize < 1 or bw_adjust <= 0:
        raise ValueError("gridsize must be at least 1 and bw_adjust positive")
    bx, by = _bandwidths(x, y, weights, bw_adjust)
    clip = (None, None) if clip is None else clip
    clips = clip if clip[0] is not None and not np.isscalar(clip[0]) else (clip, clip)
    grids = []
    for values, bw, (lo, hi) in ((x, bx, clips[0]), (y, by, clips[1])):
        low = values.min() - cut * bw if lo is None else max(values.min() - cut * bw, lo)
        high = values.max() + cut * bw if hi is None else min(values.max() + cut * bw, hi)
        grids.append(np.linspace(low, high, gridsize))
    xgrid, ygrid = grids
    density = _evaluate(x, y, weights, bx, by, xgrid, ygrid)
    return np.asarray(xgrid, dtype=float), np.asarray(ygrid, dtype=float), np.asarray(density, dtype=float)


def cell_density(x, y, bins="auto", bw_adjust=1.0, weights=None) -> tuple:
    """(x centres, y centres, density) of the surface at the centres of the histogram's cells."""
    x, y, weights = _pairs(x, y, weights)
    _, xedges, yedges = grid_counts(x, y, bins=bins, weights=weights)
    xc = (xedges[:-1] + xedges[1:]) / 2
    yc = (yedges[:-1] + yedges[1:]) / 2
    density = _evaluate(x, y, weights, *_bandwidths(x, y, weights, bw_adjust), xc, yc)
    return xc, yc, np.asarray(density, dtype=float)
