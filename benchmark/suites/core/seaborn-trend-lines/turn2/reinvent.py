"""Confounds removed, binned points with their error bars, and the straight line."""

import numpy as np
import pandas as pd

from seaborn import algorithms as algo
from seaborn import utils
from seaborn.regression import _RegressionPlotter

from trend_lines.inputs import bin_centres, fit_inputs


def _column(value, data):
    if isinstance(value, str):
        if data is None:
            raise ValueError("Must pass `data` if using named variables.")
        return np.asarray(data[value])
    return np.ravel(np.asarray(value))


def _remove(a, b):
    a_mean = a.mean()
    a = a - a_mean
    b = b - b.mean()
    b = np.c_[b]
    a_prime = a - b.dot(np.linalg.pinv(b).dot(a))
    return np.asarray(a_prime + a_mean).reshape(a.shape)


def adjusted_inputs(x, y, data=None, x_partial=None, y_partial=None, units=None) -> tuple:
    given = {"x": x, "y": y, "units": units, "x_partial": x_partial, "y_partial": y_partial}
    frame = pd.DataFrame({k: _column(v, data) for k, v in given.items() if v is not None})
    frame = frame[frame.notna().all(axis=1)].reset_index(drop=True)
    x, y, units = fit_inputs(frame["x"], frame["y"], units=frame.get("units"))
    if x_partial is not None:
        x = _remove(x, frame["x_partial"].to_numpy(dtype=float))
    if y_partial is not None:
        y = _remove(y, frame["y_partial"].to_numpy(dtype=float))
    return np.asarray(x, dtype=float), np.asarray(y, dtype=float), units


def binned_points(x, y, bins, data=None, estimator=np.mean, spread="ci", resamples=1000, seed=None) -> list:
    x, y, _ = fit_inputs(x, y, data=data)
    binned, _ = bin_centres(x, bins)
    plotter = _RegressionPlotter(binned, y, x_estimator=estimator, x_ci=spread,
                                 n_boot=resamples, seed=seed, fit_reg=False)
    centres, estimates, intervals = plotter.estimate_data
    if spread is None:
        return [(float(c), float(e), None, None) for c, e in zip(centres, estimates)]
    cis = np.atleast_2d(np.transpose(intervals)).reshape(2, -1)
    heights = np.atleast_1d(estimates)
    sizes = []
    for i, (low, high) in enumerate(np.transpose(cis)):
        sizes.append([heights[i] - low, high - heights[i]])
    below, above = np.asarray(sizes).T
    return [(float(c), float(e), float(lo), float(hi))
            for c, e, lo, hi in zip(centres, estimates, below, above)]


def straight_fit(x, y, grid, data=None, ci=95, resamples=1000, seed=None, units=None) -> tuple:
    x, y, units = fit_inputs(x, y, data=data, units=units)

    def reg_func(_x, _y):
        return np.linalg.pinv(_x).dot(_y)

    X = np.c_[np.ones(len(x)), x]
    G = np.c_[np.ones(len(grid)), np.asarray(grid, dtype=float)]
    fit = G.dot(reg_func(X, y))
    if ci is None:
        return np.asarray(fit, dtype=float), None, None
    beta_boots = algo.bootstrap(X, y, func=reg_func, n_boot=resamples, units=units, seed=seed).T
    low, high = utils.ci(G.dot(beta_boots).T, ci, axis=0)
    return np.asarray(fit, dtype=float), low, high
