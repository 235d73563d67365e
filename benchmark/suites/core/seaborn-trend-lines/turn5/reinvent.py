"""A two-panel figure, fit and residuals, as seaborn draws them, with its table."""

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from seaborn.regression import _RegressionPlotter

from trend_lines.curves import residuals, trend_curve


def _offsets(ax):
    return [(float(px), float(py)) for px, py in ax.collections[0].get_offsets()]


def _draw(plotter, ax):
    if plotter.color is None:
        lines, = ax.plot([], [])
        color = lines.get_color()
        lines.remove()
    else:
        color = plotter.color
    color = mpl.colors.rgb2hex(mpl.colors.colorConverter.to_rgb(color))
    scatter_kws = {"color": color}
    line_kws = {"color": color}
    if plotter.scatter:
        scatter_kws["label"] = plotter.label
        plotter.scatterplot(ax, scatter_kws)
    if plotter.fit_reg:
        plotter.lineplot(ax, line_kws)
    if hasattr(plotter.x, "name"):
        ax.set_xlabel(plotter.x.name)
    if hasattr(plotter.y, "name"):
        ax.set_ylabel(plotter.y.name)


def regression_figure(x, y, data=None, bins=None, order=1, logx=False, ci=95, resamples=1000, seed=0,
                      color=None, x_confound=None, y_confound=None) -> dict:
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
    _draw(plotter, ax)
    rplotter = _RegressionPlotter(x, y, data, ci=None, order=order, logx=logx, x_partial=x_confound,
                                  y_partial=y_confound, color=color)
    _, fit, _ = rplotter.fit_regression(grid=rplotter.x)
    rplotter.y = rplotter.y - fit
    rplotter.fit_reg = False
    rax.axhline(0, ls=":", c=".2")
    _draw(rplotter, rax)
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
