"""The density surface seaborn draws for two variables, on its grid or at the histogram cells."""

import numpy as np

from seaborn._statistics import KDE

from bubble_grid.bins import clean_pairs
from bubble_grid.counts import grid_counts


def _pairs(x, y, weights):
    x, y, weights = clean_pairs(x, y, weights)
    if len(x) < 3 or len(np.unique(x)) < 2 or len(np.unique(y)) < 2:
        raise ValueError("a density surface needs values that vary along both axes")
    return x, y, weights


def _support(kde, x1, x2, weights):
    clip = kde.clip
    if clip[0] is None or np.isscalar(clip[0]):
        clip = (clip, clip)
    fit = kde._fit([x1, x2], weights)
    bw = np.sqrt(np.diag(fit.covariance).squeeze())
    grid1 = kde._define_support_grid(x1, bw[0], kde.cut, clip[0], kde.gridsize)
    grid2 = kde._define_support_grid(x2, bw[1], kde.cut, clip[1], kde.gridsize)
    return grid1, grid2


def _evaluate(kde, x1, x2, weights):
    support = kde.support
    if support is None:
        support = kde.define_support(x1, x2, cache=False)
    fit = kde._fit([x1, x2], weights)
    if kde.cumulative:
        grid1, grid2 = support
        density = np.zeros((grid1.size, grid2.size))
        p0 = grid1.min(), grid2.min()
        for i, xi in enumerate(grid1):
            for j, xj in enumerate(grid2):
                density[i, j] = fit.integrate_box(p0, (xi, xj))
    else:
        xx1, xx2 = np.meshgrid(*support)
        density = fit([xx1.ravel(), xx2.ravel()]).reshape(xx1.shape)
    return density, support


def density_surface(x, y, bw_adjust=1.0, gridsize=50, cut=3, clip=None, weights=None) -> tuple:
    """(x grid, y grid, density): density[i][j] is the surface at (x grid[j], y grid[i])."""
    x, y, weights = _pairs(x, y, weights)
    if gridsize < 1 or bw_adjust <= 0:
        raise ValueError("gridsize must be at least 1 and bw_adjust positive")
    kde = KDE(bw_adjust=bw_adjust, gridsize=gridsize, cut=cut, clip=clip)
    kde.support = _support(kde, x, y, weights)
    density, (xgrid, ygrid) = _evaluate(kde, x, y, weights)
    return np.asarray(xgrid, dtype=float), np.asarray(ygrid, dtype=float), np.asarray(density, dtype=float)


def cell_density(x, y, bins="auto", bw_adjust=1.0, weights=None) -> tuple:
    """(x centres, y centres, density) of the surface at the centres of the histogram's cells."""
    x, y, weights = _pairs(x, y, weights)
    _, xedges, yedges = grid_counts(x, y, bins=bins, weights=weights)
    xc = (xedges[:-1] + xedges[1:]) / 2
    yc = (yedges[:-1] + yedges[1:]) / 2
    kde = KDE(bw_adjust=bw_adjust)
    kde.support = (xc, yc)
    density, _ = _evaluate(kde, x, y, weights)
    return xc, yc, np.asarray(density, dtype=float)
