"""A two-panel figure, fit and residuals, as seaborn draws them, with its table."""

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from seaborn.regression import _RegressionPlotter, residplot

from trend_lines.curves import residuals, trend_curve


def _offsets(ax):
    return [(float(px), float(py)) for px, py in ax.collections[0].get_offsets()]


def _log_residual_panel(ax, x, y, data, color, x_confound, y_confound):
    # seaborn's residual plot has no log-x option: draw it the way it draws one
    plotter = _RegressionPlotter(x, y, data, ci=None, logx=True, x_partial=x_confound,
                                 y_partial=y_confound, color=color)
    _, fit, _ = plotter.fit_regression(grid=plotter.x)
    plotter.y = plotter.y - fit
    plotter.fit_reg = False
    ax.axhline(0, ls=":", c=".2")
    plotter.plot(ax, {}, {})


def regression_figure(x, y, data=None, bins=None, order=1, logx=False, ci=95, resamples=1000, seed=0,
                      color=None, x_confound=None, y_confound=None) -> dict:
    """Draw regplot's panel and residplot's panel side by side; report what they show."""
    xs, res = residuals(x, y, data=data, order=order, logx=logx, x_partial=x_confound, y_partial=y_confound)
    if len(xs) < 2:
        raise ValueError("a figure needs at least two observations")
    fitted = trend_curve(x, y, grid=xs, data=data, order=order, logx=logx, ci=None,
                         x_partial=x_confound, y_partial=y_confound)["fit"]
    figure = Figure(figsize=(8, 4))
    ax, rax = figure.subplots(1, 2)
    plotter = _RegressionPlotter(x, y, data, x_bins=bins, ci=ci, n_boot=resamples, seed=seed, order=order,
                                 logx=logx, x_partial=x_confound, y_partial=y_confound, color=color,
                                 truncate=True)
    plotter.plot(ax, {}, {})
    if logx:
        _log_residual_panel(rax, x, y, data, color, x_confound, y_confound)
    else:
        residplot(data=data, x=x, y=y, x_partial=x_confound, y_partial=y_confound, order=order,
                  color=color, ax=rax)
    line, zero = ax.lines[-1], rax.lines[0]
    return {
        "figure": figure,
        "labels": (ax.get_xlabel(), ax.get_ylabel()),
        "points": _offsets(ax),
        "point_alpha": ax.collections[0].get_alpha(),
        "line": (np.asarray(line.get_xdata(), dtype=float), np.asarray(line.get_ydata(), dtype=float)),
        "color": mpl.colors.to_hex(line.get_color()),
        "residual_points": _offsets(rax),
        "residual_alpha": rax.collections[0].get_alpha(),
        "zero_line": (zero.get_linestyle(), mpl.colors.to_hex(zero.get_color())),
        "rows": [(float(a), float(f + r), float(f), float(r)) for a, f, r in zip(xs, fitted, res)],
    }
