"""Fitted trends per group and stacked totals, as seaborn.objects computes them."""

import numpy as np
import pandas as pd

from seaborn._core.groupby import GroupBy
from seaborn._core.moves import Stack
from seaborn._stats.regression import PolyFit

from group_stats.groups import group_levels, group_summary


def _names(by):
    return [by] if isinstance(by, str) else list(by)


def group_trends(data, x, y, by, order=2, points=100, group_order=None) -> dict:
    """Group -> (xs, ys): the polynomial trend seaborn.objects draws for the group."""
    if order < 0 or points < 1:
        raise ValueError("order must be at least 0 and points at least 1")
    by = _names(by)
    fit = PolyFit(order=order, gridsize=points)
    frame = data[[*by, x, y]].rename(columns={x: "x", y: "y"}).dropna(subset=["x", "y"])
    trends = {}
    for level in group_levels(data, by, order=group_order):
        key = level if isinstance(level, tuple) else (level,)
        mask = np.logical_and.reduce([(frame[name] == value).to_numpy() for name, value in zip(by, key)])
        curve = fit._fit_predict(frame[mask])
        trends[level] = (np.asarray(curve["x"], dtype=float), np.asarray(curve["y"], dtype=float))
    return trends


def stacked_totals(data, x, by, value, func="sum", order=None):
    """Totals of ``value`` per x position and group, stacked in group order at each position."""
    by = _names(by)
    totals = group_summary(data, [x, *by], value, func=func, order=order)
    frame = totals.rename(columns={x: "x", value: "y"}).assign(baseline=0.0)
    frame["y"] = frame["y"].astype(float)
    stack = Stack()

    def stacked(part, orient):
        return stack._stack(part, orient)

    frame = GroupBy(["x"]).apply(frame, stacked, "x")
    table = frame.rename(columns={"x": x, "baseline": "bottom", "y": "top"})
    table[value] = table["top"] - table["bottom"]
    return table[[x, *by, value, "bottom", "top"]].reset_index(drop=True)
