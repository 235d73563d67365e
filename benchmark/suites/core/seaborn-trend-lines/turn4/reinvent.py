"""The fitted line and the binned points as seaborn draws them on an Axes."""

import matplotlib as mpl
import numpy as np

from seaborn import utils
from seaborn.regression import _RegressionPlotter

from trend_lines.points import adjusted_inputs, binned_points


def _hex(ax, color):
    if color is None:
        probe, = ax.plot([], [])
        color = probe.get_color()
        probe.remove()
    return mpl.colors.to_hex(color)


def _plotter(x, y, data, order, logx, ci, resamples, seed, truncate, x_partial, y_partial):
    x, y, _ = adjusted_inputs(x, y, data=data, x_partial=x_partial, y_partial=y_partial)
    if len(x) < 2:
        raise ValueError("a line needs at least two observations")
    return _RegressionPlotter(x, y, order=order, logx=logx, ci=ci, n_boot=resamples,
                              seed=seed, truncate=truncate)


def _fit(plotter, ax=None, x_range=None, grid=None):
    plotter._check_statsmodels()
    if grid is None:
        if plotter.truncate:
            x_min, x_max = plotter.x_range
        else:
            if ax is None:
                x_min, x_max = x_range
            else:
                x_min, x_max = ax.get_xlim()
        grid = np.linspace(x_min, x_max, 100)
    ci = plotter.ci
    if plotter.order > 1:
        yhat, yhat_boots = plotter.fit_poly(grid, plotter.order)
    elif plotter.logistic:
        from statsmodels.genmod.generalized_linear_model import GLM
        from statsmodels.genmod.families import Binomial
        yhat, yhat_boots = plotter.fit_statsmodels(grid, GLM, family=Binomial())
    elif plotter.lowess:
        ci = None
        grid, yhat = plotter.fit_lowess()
    elif plotter.robust:
        from statsmodels.robust.robust_linear_model import RLM
        yhat, yhat_boots = plotter.fit_statsmodels(grid, RLM)
    elif plotter.logx:
        yhat, yhat_boots = plotter.fit_logx(grid)
    else:
        yhat, yhat_boots = plotter.fit_fast(grid)
    if ci is None:
        err_bands = None
    else:
        err_bands = utils.ci(yhat_boots, ci, axis=0)
    return grid, yhat, err_bands


def draw_trend(ax, x, y, data=None, order=1, logx=False, ci=95, resamples=1000, seed=None,
               color=None, truncate=True, x_partial=None, y_partial=None) -> dict:
    plotter = _plotter(x, y, data, order, logx, ci, resamples, seed, truncate, x_partial, y_partial)
    color = _hex(ax, color)
    grid, fit, band = _fit(plotter, ax)
    line, = ax.plot(grid, fit, color=color, linewidth=mpl.rcParams["lines.linewidth"] * 1.5)
    if not truncate:
        line.sticky_edges.x[:] = grid[0], grid[-1]
    if band is not None:
        ax.fill_between(grid, *band, facecolor=color, alpha=.15)
    return {"x": np.asarray(grid, dtype=float), "y": np.asarray(fit, dtype=float),
            "color": color, "width": float(line.get_linewidth()), "band": band is not None}


def extended_curve(x, y, low, high, data=None, order=1, logx=False, ci=95, resamples=1000,
                   seed=None, x_partial=None, y_partial=None) -> dict:
    plotter = _plotter(x, y, data, order, logx, ci, resamples, seed, False, x_partial, y_partial)
    grid, fit, band = _fit(plotter, x_range=(low, high))
    low_band, high_band = (None, None) if band is None else band
    return {"grid": np.asarray(grid, dtype=float), "fit": np.asarray(fit, dtype=float),
            "low": low_band, "high": high_band}


def draw_points(ax, x, y, bins, data=None, spread="ci", resamples=1000, seed=None, color=None) -> list:
    points = binned_points(x, y, bins, data=data, spread=spread, resamples=resamples, seed=seed)
    color = _hex(ax, color)
    width = mpl.rcParams["lines.linewidth"] * 1.75
    for centre, estimate, below, above in points:
        if below is not None:
            ax.plot([centre, centre], [estimate - below, estimate + above], color=color, linewidth=width)
    ax.scatter([p[0] for p in points], [p[1] for p in points], color=color, s=50)
    return points
