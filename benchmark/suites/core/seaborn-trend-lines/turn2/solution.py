"""Confounds removed, binned points with their error bars, and the straight line."""

import numpy as np
import pandas as pd

from seaborn import utils
from seaborn.regression import _RegressionPlotter
from seaborn.utils import ci_to_errsize

from trend_lines.inputs import bin_centres, fit_inputs


def _column(value, data):
    if isinstance(value, str):
        if data is None:
            raise ValueError("Must pass `data` if using named variables.")
        return np.asarray(data[value])
    return np.ravel(np.asarray(value))


def adjusted_inputs(x, y, data=None, x_partial=None, y_partial=None, units=None) -> tuple:
    """(x, y, units) as regplot fits them once the confounds are removed."""
    given = {"x": x, "y": y, "units": units, "x_partial": x_partial, "y_partial": y_partial}
    frame = pd.DataFrame({k: _column(v, data) for k, v in given.items() if v is not None})
    frame = frame[frame.notna().all(axis=1)].reset_index(drop=True)
    x, y, units = fit_inputs(frame["x"], frame["y"], units=frame.get("units"))
    plotter = _RegressionPlotter(x, y, fit_reg=False)
    if x_partial is not None:
        x = plotter.regress_out(x, frame["x_partial"].to_numpy(dtype=float))
    if y_partial is not None:
        y = plotter.regress_out(y, frame["y_partial"].to_numpy(dtype=float))
    return np.asarray(x, dtype=float), np.asarray(y, dtype=float), units


def binned_points(x, y, bins, data=None, estimator=np.mean, spread="ci", resamples=1000, seed=None) -> list:
    """The points regplot draws with x_bins: (centre, estimate, below, above) each."""
    x, y, _ = fit_inputs(x, y, data=data)
    binned, _ = bin_centres(x, bins)
    plotter = _RegressionPlotter(binned, y, x_estimator=estimator, x_ci=spread,
                                 n_boot=resamples, seed=seed, fit_reg=False)
    centres, estimates, intervals = plotter.estimate_data
    if spread is None:
        return [(float(c), float(e), None, None) for c, e in zip(centres, estimates)]
    below, above = ci_to_errsize(np.transpose(intervals), estimates)
    return [(float(c), float(e), float(lo), float(hi))
            for c, e, lo, hi in zip(centres, estimates, below, above)]


def straight_fit(x, y, grid, data=None, ci=95, resamples=1000, seed=None, units=None) -> tuple:
    """(fit, low, high) of regplot's straight line at the points of ``grid``."""
    x, y, units = fit_inputs(x, y, data=data, units=units)
    grid = np.asarray(grid, dtype=float)
    plotter = _RegressionPlotter(x, y, ci=ci, n_boot=resamples, seed=seed, units=units)
    fit, boots = plotter.fit_fast(grid)
    if boots is None:
        return np.asarray(fit, dtype=float), None, None
    low, high = utils.ci(boots, ci, axis=0)
    return np.asarray(fit, dtype=float), low, high
