"""Fitted trends per group and stacked totals, as seaborn.objects computes them."""

import numpy as np
import pandas as pd

from seaborn._core.groupby import GroupBy

from group_stats.groups import group_levels, group_summary


def _names(by):
    return [by] if isinstance(by, str) else list(by)


def _fit_predict(data, order, gridsize):
    x = data["x"]
    y = data["y"]
    if x.nunique() <= order:
        xx = yy = []
    else:
        p = np.polyfit(x, y, order)
        xx = np.linspace(x.min(), x.max(), gridsize)
        yy = np.polyval(p, xx)
    return pd.DataFrame(dict(x=xx, y=yy))


def group_trends(data, x, y, by, order=2, points=100, group_order=None) -> dict:
    if order < 0 or points < 1:
        raise ValueError("order must be at least 0 and points at least 1")
    by = _names(by)
    frame = data[[*by, x, y]].rename(columns={x: "x", y: "y"}).dropna(subset=["x", "y"])
    trends = {}
    for level in group_levels(data, by, order=group_order):
        key = level if isinstance(level, tuple) else (level,)
        mask = np.logical_and.reduce([(frame[name] == value).to_numpy() for name, value in zip(by, key)])
        curve = _fit_predict(frame[mask], order, points)
        trends[level] = (np.asarray(curve["x"], dtype=float), np.asarray(curve["y"], dtype=float))
    return trends


def _stack(df, orient):
    if df["baseline"].nunique() > 1:
        raise RuntimeError("Stack move cannot be used when baselines are already heterogeneous")
    other = {"x": "y", "y": "x"}[orient]
    stacked_lengths = (df[other] - df["baseline"]).dropna().cumsum()
    offsets = stacked_lengths.shift(1).fillna(0)
    df[other] = stacked_lengths
    df["baseline"] = df["baseline"] + offsets
    return df


def stacked_totals(data, x, by, value, func="sum", order=None):
    by = _names(by)
    totals = group_summary(data, [x, *by], value, func=func, order=order)
    frame = totals.rename(columns={x: "x", value: "y"}).assign(baseline=0.0)
    frame["y"] = frame["y"].astype(float)
    frame = GroupBy(["x"]).apply(frame, _stack, "x")
    table = frame.rename(columns={"x": x, "baseline": "bottom", "y": "top"})
    table[value] = table["top"] - table["bottom"]
    return table[[x, *by, value, "bottom", "top"]].reset_index(drop=True)
