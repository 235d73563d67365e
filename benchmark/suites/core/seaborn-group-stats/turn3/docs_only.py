"""Written from seaborn's public documentation only: seaborn.objects' PolyFit
("Fit a polynomial of the given order and resample data onto predicted
curve", with order and gridsize) and Stack ("Displacement of overlapping bar
or area marks along the value axis")."""

import numpy as np
import pandas as pd

from group_stats.groups import group_levels, group_summary


def group_trends(data, x, y, by, order=2, points=100, group_order=None) -> dict:
    if order < 0 or points < 1:
        raise ValueError("order must be at least 0 and points at least 1")
    by = [by] if isinstance(by, str) else list(by)
    frame = data.dropna(subset=[x, y])
    trends = {}
    for level in group_levels(data, by, order=group_order):
        key = level if isinstance(level, tuple) else (level,)
        rows = frame
        for name, value in zip(by, key):
            rows = rows[rows[name] == value]
        if len(rows) <= order:
            trends[level] = (np.array([]), np.array([]))
            continue
        grid = np.linspace(rows[x].min(), rows[x].max(), points)
        trends[level] = (grid, np.polyval(np.polyfit(rows[x], rows[y], order), grid))
    return trends


def stacked_totals(data, x, by, value, func="sum", order=None):
    by = [by] if isinstance(by, str) else list(by)
    table = group_summary(data, [x, *by], value, func=func, order=order)
    table[value] = table[value].astype(float)
    tops = table.groupby(x, sort=False)[value].transform(lambda s: s.fillna(0).cumsum())
    table["top"] = tops.where(table[value].notna())
    table["bottom"] = table["top"] - table[value]
    return table[[x, *by, value, "bottom", "top"]]
