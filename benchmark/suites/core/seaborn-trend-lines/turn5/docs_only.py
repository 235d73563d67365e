"""Written from seaborn's public documentation only: regplot (x, y, data,
x_bins, order, logx, ci, n_boot, seed, color, x_partial, y_partial, ax) and
residplot ("regress y on x ... and then draw a scatterplot of the residuals";
it has no logx option, so a log-x fit's residuals are drawn by hand)."""

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

import seaborn as sns

from trend_lines.curves import residuals, trend_curve


def _offsets(ax):
    return [(float(px), float(py)) for px, py in ax.collections[0].get_offsets()]


def regression_figure(x, y, data=None, bins=None, order=1, logx=False, ci=95, resamples=1000, seed=0,
                      color=None, x_confound=None, y_confound=None) -> dict:
    xs, res = residuals(x, y, data=data, order=order, logx=logx, x_partial=x_confound, y_partial=y_confound)
    if len(xs) < 2:
        raise ValueError("a figure needs at least two observations")
    fitted = trend_curve(x, y, grid=xs, data=data, order=order, logx=logx, ci=None,
                         x_partial=x_confound, y_partial=y_confound)["fit"]
    figure = Figure(figsize=(8, 4))
    ax, rax = figure.subplots(1, 2)
    sns.regplot(data=data, x=x, y=y, x_bins=bins, order=order, logx=logx, ci=ci, n_boot=resamples,
                seed=seed, color=color, x_partial=x_confound, y_partial=y_confound, ax=ax)
    line = ax.lines[-1]
    if logx:
        rax.axhline(0, color="gray", linestyle="--")
        rax.scatter(xs, res, color=line.get_color())
    else:
        sns.residplot(data=data, x=x, y=y, order=order, x_partial=x_confound, y_partial=y_confound,
                      color=color, ax=rax)
    zero = rax.lines[0]
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
