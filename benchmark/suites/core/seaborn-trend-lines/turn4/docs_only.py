"""Written from seaborn's public documentation only: regplot's truncate ("If
True, the regression line is bounded by the data limits. If False, it extends
to the x axis limits"), color ("Color to apply to all plot elements"), ci (a
translucent band), x_bins/x_estimator points with their error bars, and
matplotlib's Axes.plot, fill_between and scatter."""

import matplotlib as mpl
import numpy as np

from trend_lines.curves import trend_curve
from trend_lines.points import binned_points


def _hex(ax, color):
    return mpl.colors.to_hex(color if color is not None else ax._get_lines.get_next_color())


def extended_curve(x, y, low, high, data=None, order=1, logx=False, ci=95, resamples=1000,
                   seed=None, x_partial=None, y_partial=None) -> dict:
    return trend_curve(x, y, grid=np.linspace(low, high, 200), data=data, order=order, logx=logx, ci=ci,
                       resamples=resamples, seed=seed, x_partial=x_partial, y_partial=y_partial)


def draw_trend(ax, x, y, data=None, order=1, logx=False, ci=95, resamples=1000, seed=None,
               color=None, truncate=True, x_partial=None, y_partial=None) -> dict:
    color = _hex(ax, color)
    if truncate:
        curve = trend_curve(x, y, data=data, order=order, logx=logx, ci=ci, resamples=resamples,
                            seed=seed, x_partial=x_partial, y_partial=y_partial)
    else:
        curve = extended_curve(x, y, *ax.get_xlim(), data=data, order=order, logx=logx, ci=ci,
                               resamples=resamples, seed=seed, x_partial=x_partial, y_partial=y_partial)
    line, = ax.plot(curve["grid"], curve["fit"], color=color)
    if curve["low"] is not None:
        ax.fill_between(curve["grid"], curve["low"], curve["high"], color=color, alpha=0.15)
    return {"x": curve["grid"], "y": curve["fit"], "color": color,
            "width": float(line.get_linewidth()), "band": curve["low"] is not None}


def draw_points(ax, x, y, bins, data=None, spread="ci", resamples=1000, seed=None, color=None) -> list:
    points = binned_points(x, y, bins, data=data, spread=spread, resamples=resamples, seed=seed)
    color = _hex(ax, color)
    for centre, estimate, below, above in points:
        if below is not None:
            ax.plot([centre, centre], [estimate - below, estimate + above], color=color)
    ax.scatter([p[0] for p in points], [p[1] for p in points], color=color)
    return points
