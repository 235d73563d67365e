"""The fitted curve of a regression plot, polynomial and log-x included, and its residuals."""

import numpy as np

from seaborn import algorithms as algo
from seaborn import utils

from trend_lines.points import adjusted_inputs, straight_fit


def trend_curve(x, y, grid=None, data=None, order=1, logx=False, points=100, ci=95,
                resamples=1000, seed=None, x_partial=None, y_partial=None, units=None) -> dict:
    if order < 1:
        raise ValueError("order must be at least 1")
    if order > 1 and logx:
        raise ValueError("a polynomial order and a log-x fit exclude each other")
    x, y, units = adjusted_inputs(x, y, data=data, x_partial=x_partial, y_partial=y_partial, units=units)
    if len(x) < 2:
        raise ValueError("a curve needs at least two observations")
    if grid is None:
        grid = np.linspace(x.min(), x.max(), points)
    grid = np.asarray(grid, dtype=float)
    if order == 1 and not logx:
        fit, low, high = straight_fit(x, y, grid, ci=ci, resamples=resamples, seed=seed, units=units)
        return {"grid": grid, "fit": fit, "low": low, "high": high}
    if logx:
        X = np.c_[np.ones(len(x)), x]
        G = np.c_[np.ones(len(grid)), np.log(grid)]

        def reg_func(_x, _y):
            _x = np.c_[_x[:, 0], np.log(_x[:, 1])]
            return np.linalg.pinv(_x).dot(_y)

        fit = G.dot(reg_func(X, y))
        boots = None
        if ci is not None:
            boots = G.dot(algo.bootstrap(X, y, func=reg_func, n_boot=resamples, units=units, seed=seed).T).T
    else:
        def reg_func(_x, _y):
            return np.polyval(np.polyfit(_x, _y, order), grid)

        fit = reg_func(x, y)
        boots = None
        if ci is not None:
            boots = algo.bootstrap(x, y, func=reg_func, n_boot=resamples, units=units, seed=seed)
    low = high = None
    if boots is not None:
        low, high = utils.ci(boots, ci, axis=0)
    return {"grid": grid, "fit": np.asarray(fit, dtype=float), "low": low, "high": high}


def residuals(x, y, data=None, order=1, logx=False, x_partial=None, y_partial=None) -> tuple:
    x_used, y_used, _ = adjusted_inputs(x, y, data=data, x_partial=x_partial, y_partial=y_partial)
    curve = trend_curve(x_used, y_used, grid=x_used, order=order, logx=logx, ci=None)
    return x_used, np.asarray(y_used - curve["fit"], dtype=float)
