"""Written from seaborn's public documentation only: regplot's order ("If order
is greater than 1, use numpy.polyfit to estimate a polynomial regression"),
logx ("estimate a linear regression of the form y ~ log(x)"), ci, n_boot,
seed and units (a bootstrap confidence interval), and residplot."""

import numpy as np

from trend_lines.points import adjusted_inputs, straight_fit


def _fit(x, y, grid, order, logx):
    if logx:
        slope, intercept = np.polyfit(np.log(x), y, 1)
        return intercept + slope * np.log(grid)
    return np.polyval(np.polyfit(x, y, order), grid)


def trend_curve(x, y, grid=None, data=None, order=1, logx=False, points=100, ci=95,
                resamples=1000, seed=None, x_partial=None, y_partial=None, units=None) -> dict:
    if order < 1 or (order > 1 and logx):
        raise ValueError("bad order / logx combination")
    x, y, units = adjusted_inputs(x, y, data=data, x_partial=x_partial, y_partial=y_partial, units=units)
    if len(x) < 2:
        raise ValueError("a curve needs at least two observations")
    grid = np.linspace(x.min(), x.max(), points) if grid is None else np.asarray(grid, dtype=float)
    if order == 1 and not logx:
        fit, low, high = straight_fit(x, y, grid, ci=ci, resamples=resamples, seed=seed, units=units)
        return {"grid": grid, "fit": fit, "low": low, "high": high}
    fit = _fit(x, y, grid, order, logx)
    if ci is None:
        return {"grid": grid, "fit": fit, "low": None, "high": None}
    rng = np.random.default_rng(seed)
    curves = []
    groups = None if units is None else [np.flatnonzero(units == u) for u in np.unique(units)]
    for _ in range(resamples):
        if groups is None:
            pick = rng.integers(0, len(x), len(x))
        else:
            # multilevel bootstrap: resample the units, then the rows of each unit
            chosen = [groups[i] for i in rng.integers(0, len(groups), len(groups))]
            pick = np.concatenate([rows[rng.integers(0, len(rows), len(rows))] for rows in chosen])
        curves.append(_fit(x[pick], y[pick], grid, order, logx))
    low, high = np.percentile(curves, [50 - ci / 2, 50 + ci / 2], axis=0)
    return {"grid": grid, "fit": fit, "low": low, "high": high}


def residuals(x, y, data=None, order=1, logx=False, x_partial=None, y_partial=None) -> tuple:
    x, y, _ = adjusted_inputs(x, y, data=data, x_partial=x_partial, y_partial=y_partial)
    return x, y - _fit(x, y, x, order, logx)
