"""Density curves per group, on the grid seaborn.objects' density stat uses."""

import numpy as np
import pandas as pd

from seaborn.external.kde import gaussian_kde

from group_stats.groups import group_levels, group_summary


def _frame(data, column, by=(), weights=None):
    frame = data[[*by, column]].rename(columns={column: "x"})
    frame = frame.assign(weight=1.0 if weights is None else np.asarray(weights, dtype=float))
    return frame.dropna(subset=["x", "weight"]).reset_index(drop=True)


def _fit(data, bw_adjust):
    kde = gaussian_kde(data["x"], bw_method="scott", weights=data["weight"])
    kde.set_bandwidth(kde.factor * bw_adjust)
    return kde


def _support(data, bw_adjust, cut, gridsize):
    if gridsize is None:
        return data["x"].to_numpy()
    kde = _fit(data, bw_adjust)
    bw = np.sqrt(kde.covariance.squeeze())
    gridmin = data["x"].min() - bw * cut
    gridmax = data["x"].max() + bw * cut
    return np.linspace(gridmin, gridmax, gridsize)


def _evaluate(data, support, bw_adjust):
    empty = pd.DataFrame(columns=["x", "weight", "density"], dtype=float)
    if len(data) < 2:
        return empty
    try:
        kde = _fit(data, bw_adjust)
    except np.linalg.LinAlgError:
        return empty
    return pd.DataFrame({"x": support, "weight": data["weight"].sum(), "density": kde(support)})


def density_grid(data, column, bw_adjust=1.0, cut=3, gridsize=200, weights=None) -> np.ndarray:
    frame = _frame(data, column, weights=weights)
    if frame["x"].nunique() < 2:
        raise ValueError("a density needs at least two distinct values")
    return np.asarray(_support(frame, bw_adjust, cut, gridsize), dtype=float)


def group_densities(data, column, by, bw_adjust=1.0, cut=3, gridsize=200, common_grid=True,
                    common_norm=True, order=None) -> dict:
    by = [by] if isinstance(by, str) else list(by)
    frame = _frame(data, column, by)
    counts = group_summary(frame, by, "weight", func="sum", order=order)
    total = frame["weight"].sum()
    curves = {}
    for level, row in zip(group_levels(frame, by, order=order), counts.itertuples(index=False)):
        key = level if isinstance(level, tuple) else (level,)
        part = frame[np.logical_and.reduce([(frame[n] == v).to_numpy() for n, v in zip(by, key)])]
        if len(part) < 2:
            res = _evaluate(part, None, bw_adjust)
        else:
            try:
                support = _support(frame if common_grid else part, bw_adjust, cut, gridsize)
                res = _evaluate(part, support, bw_adjust)
            except np.linalg.LinAlgError:
                res = _evaluate(part.iloc[:0], None, bw_adjust)
        share = row.weight / total if common_norm and total else 1.0
        curves[level] = (np.asarray(res["x"], dtype=float), np.asarray(res["density"], dtype=float) * share)
    return curves
