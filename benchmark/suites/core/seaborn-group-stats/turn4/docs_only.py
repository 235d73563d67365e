"""Written from seaborn's public documentation only: seaborn.objects' KDE
("bw_adjust: Factor that multiplicatively scales the value chosen using
bw_method"; the default bandwidth is Scott's rule as in scipy's gaussian_kde;
"cut: Factor, multiplied by the kernel bandwidth, that determines how far the
evaluation grid extends past the extreme datapoints"; gridsize None evaluates
"at the original datapoints"; common_grid; common_norm "normalize so that the
areas of all curves sums to 1")."""

import numpy as np

from group_stats.groups import group_levels


def _bandwidth(values, weights, bw_adjust):
    mean = np.average(values, weights=weights)
    sd = np.sqrt(np.average((values - mean) ** 2, weights=weights) * len(values) / (len(values) - 1))
    return sd * len(values) ** (-1 / 5) * bw_adjust


def _grid(values, weights, bw_adjust, cut, gridsize):
    if gridsize is None:
        return values
    bw = _bandwidth(values, weights, bw_adjust)
    return np.linspace(values.min() - cut * bw, values.max() + cut * bw, gridsize)


def density_grid(data, column, bw_adjust=1.0, cut=3, gridsize=200, weights=None) -> np.ndarray:
    values = data[column].to_numpy(dtype=float)
    weights = np.ones(len(values)) if weights is None else np.asarray(weights, dtype=float)
    keep = ~np.isnan(values)
    if len(np.unique(values[keep])) < 2:
        raise ValueError("a density needs at least two distinct values")
    return _grid(values[keep], weights[keep], bw_adjust, cut, gridsize)


def group_densities(data, column, by, bw_adjust=1.0, cut=3, gridsize=200, common_grid=True,
                    common_norm=True, order=None) -> dict:
    by = [by] if isinstance(by, str) else list(by)
    frame = data.dropna(subset=[column])
    values = frame[column].to_numpy(dtype=float)
    shared = _grid(values, np.ones(len(values)), bw_adjust, cut, gridsize)
    curves = {}
    for level in group_levels(frame, by, order=order):
        key = level if isinstance(level, tuple) else (level,)
        part = frame
        for name, value in zip(by, key):
            part = part[part[name] == value]
        x = part[column].to_numpy(dtype=float)
        if len(np.unique(x)) < 2:
            curves[level] = (np.array([]), np.array([]))
            continue
        grid = shared if common_grid else _grid(x, np.ones(len(x)), bw_adjust, cut, gridsize)
        bw = _bandwidth(x, np.ones(len(x)), bw_adjust)
        density = np.exp(-0.5 * ((grid[:, None] - x[None, :]) / bw) ** 2).sum(axis=1)
        density /= len(x) * bw * np.sqrt(2 * np.pi)
        if common_norm:
            density *= len(x) / len(values)
        curves[level] = (grid, density)
    return curves
