"""Written from seaborn's public documentation only: regplot's x_partial and
y_partial ("Confounding variables to regress out of the x or y variables
before plotting"), x_bins, x_estimator and x_ci ("If 'sd', skip bootstrapping
and show the standard deviation of the observations in each bin"), and ci,
n_boot, seed and units for the band of the fitted line."""

import numpy as np
import pandas as pd

from trend_lines.inputs import bin_centres, fit_inputs


def _column(value, data):
    return np.asarray(data[value]) if isinstance(value, str) else np.ravel(value)


def _residuals(a, b):
    design = np.c_[np.ones(len(b)), b]
    coef, *_ = np.linalg.lstsq(design, a, rcond=None)
    return a - design @ coef


def adjusted_inputs(x, y, data=None, x_partial=None, y_partial=None, units=None) -> tuple:
    if data is None and any(isinstance(v, str) for v in (x, y, x_partial, y_partial, units)):
        raise ValueError("column names need data")
    given = {"x": x, "y": y, "units": units, "xp": x_partial, "yp": y_partial}
    frame = pd.DataFrame({k: _column(v, data) for k, v in given.items() if v is not None}).dropna()
    x, y = frame["x"].to_numpy(float), frame["y"].to_numpy(float)
    if x_partial is not None:
        x = _residuals(x, frame["xp"].to_numpy(float))
    if y_partial is not None:
        y = _residuals(y, frame["yp"].to_numpy(float))
    return x, y, None if units is None else frame["units"].to_numpy()


def binned_points(x, y, bins, data=None, estimator=np.mean, spread="ci", resamples=1000, seed=None) -> list:
    x, y, _ = fit_inputs(x, y, data=data)
    binned, _ = bin_centres(x, bins)
    rng = np.random.default_rng(seed)
    points = []
    for centre in np.unique(binned):
        group = y[binned == centre]
        estimate = float(estimator(group))
        if spread is None:
            points.append((float(centre), estimate, None, None))
            continue
        if spread == "sd":
            low, high = estimate - np.std(group), estimate + np.std(group)
        else:
            level = 95 if spread == "ci" else spread
            boots = [estimator(rng.choice(group, len(group))) for _ in range(resamples)]
            low, high = np.percentile(boots, [50 - level / 2, 50 + level / 2])
        points.append((float(centre), estimate, float(estimate - low), float(high - estimate)))
    return points


def straight_fit(x, y, grid, data=None, ci=95, resamples=1000, seed=None, units=None) -> tuple:
    x, y, _ = fit_inputs(x, y, data=data, units=units)
    grid = np.asarray(grid, dtype=float)
    slope, intercept = np.polyfit(x, y, 1)
    fit = intercept + slope * grid
    if ci is None:
        return fit, None, None
    rng = np.random.default_rng(seed)
    lines = []
    for _ in range(resamples):
        pick = rng.integers(0, len(x), len(x))
        s, i = np.polyfit(x[pick], y[pick], 1)
        lines.append(i + s * grid)
    low, high = np.percentile(lines, [50 - ci / 2, 50 + ci / 2], axis=0)
    return fit, low, high
