"""The fitted line and the binned points as seaborn draws them on an Axes."""

import matplotlib as mpl
import numpy as np

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


def draw_trend(ax, x, y, data=None, order=1, logx=False, ci=95, resamples=1000, seed=None,
               color=None, truncate=True, x_partial=None, y_partial=None) -> dict:
    """Draw regplot's fitted line (and band) on ``ax``; return what was drawn."""
    plotter = _plotter(x, y, data, order, logx, ci, resamples, seed, truncate, x_partial, y_partial)
    color = _hex(ax, color)
    bands = len(ax.collections)
    plotter.lineplot(ax, {"color": color})
    line = ax.lines[-1]
    return {"x": np.asarray(line.get_xdata(), dtype=float), "y": np.asarray(line.get_ydata(), dtype=float),
            "color": color, "width": float(line.get_linewidth()), "band": len(ax.collections) > bands}


def extended_curve(x, y, low, high, data=None, order=1, logx=False, ci=95, resamples=1000,
                   seed=None, x_partial=None, y_partial=None) -> dict:
    """The curve regplot draws across an x axis from ``low`` to ``high`` when not truncated."""
    plotter = _plotter(x, y, data, order, logx, ci, resamples, seed, False, x_partial, y_partial)
    grid, fit, band = plotter.fit_regression(x_range=(low, high))
    low_band, high_band = (None, None) if band is None else band
    return {"grid": np.asarray(grid, dtype=float), "fit": np.asarray(fit, dtype=float),
            "low": low_band, "high": high_band}


def draw_points(ax, x, y, bins, data=None, spread="ci", resamples=1000, seed=None, color=None) -> list:
    """Draw the binned points with their bars as regplot does; return the points."""
    points = binned_points(x, y, bins, data=data, spread=spread, resamples=resamples, seed=seed)
    color = _hex(ax, color)
    width = mpl.rcParams["lines.linewidth"] * 1.75
    for centre, estimate, below, above in points:
        if below is not None:
            ax.plot([centre, centre], [estimate - below, estimate + above], color=color, linewidth=width)
    ax.scatter([p[0] for p in points], [p[1] for p in points], color=color, s=50)
    return points
