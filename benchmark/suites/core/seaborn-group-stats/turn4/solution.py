"""Density curves per group, on the grid seaborn.objects' density stat uses."""

import numpy as np
import pandas as pd

from seaborn._stats.density import KDE

from group_stats.groups import group_levels, group_summary


def _frame(data, column, by=(), weights=None):
    frame = data[[*by, column]].rename(columns={column: "x"})
    frame = frame.assign(weight=1.0 if weights is None else np.asarray(weights, dtype=float))
    return frame.dropna(subset=["x", "weight"]).reset_index(drop=True)


def density_grid(data, column, bw_adjust=1.0, cut=3, gridsize=200, weights=None) -> np.ndarray:
    """The points seaborn.objects' density stat evaluates the curve of ``column`` at."""
    frame = _frame(data, column, weights=weights)
    if frame["x"].nunique() < 2:
        raise ValueError("a density needs at least two distinct values")
    kde = KDE(bw_adjust=bw_adjust, cut=cut, gridsize=gridsize)
    return np.asarray(kde._get_support(frame, "x"), dtype=float)


def group_densities(data, column, by, bw_adjust=1.0, cut=3, gridsize=200, common_grid=True,
                    common_norm=True, order=None) -> dict:
    """Group -> (grid, density) of the curves seaborn.objects draws for each group."""
    by = [by] if isinstance(by, str) else list(by)
    frame = _frame(data, column, by)
    kde = KDE(bw_adjust=bw_adjust, cut=cut, gridsize=gridsize,
              common_grid=common_grid, common_norm=common_norm)
    counts = group_summary(frame, by, "weight", func="sum", order=order)
    total = frame["weight"].sum()
    curves = {}
    for level, row in zip(group_levels(frame, by, order=order), counts.itertuples(index=False)):
        key = level if isinstance(level, tuple) else (level,)
        part = frame[np.logical_and.reduce([(frame[n] == v).to_numpy() for n, v in zip(by, key)])]
        if common_grid:
            support = kde._get_support(frame, "x")
            res = kde._fit_and_evaluate(part, "x", support)
        else:
            res = kde._transform(part, "x", [])
        share = row.weight / total if common_norm and total else 1.0
        curves[level] = (np.asarray(res["x"], dtype=float), np.asarray(res["density"], dtype=float) * share)
    return curves
