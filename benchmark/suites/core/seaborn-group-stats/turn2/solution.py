"""Percentiles and ranges of a column within each group."""

import numpy as np
import pandas as pd

from seaborn._core.groupby import GroupBy
from seaborn._stats.aggregation import Est
from seaborn._stats.order import Perc

from group_stats.groups import group_levels, group_summary


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _names(by):
    return [by] if isinstance(by, str) else list(by)


def group_percentiles(data, by, column, k=5, method="linear", order=None) -> dict:
    """Group -> [(percentile, value), ...] as seaborn.objects' percentile stat gives them."""
    if isinstance(k, int) and k < 2:
        raise ValueError("k must be at least 2 or a list of percentiles")
    if not isinstance(k, int) and any(not 0 <= p <= 100 for p in k):
        raise ValueError("percentiles must lie in [0, 100]")
    by = _names(by)
    levels = group_levels(data, by, order=order)
    stat = Perc(k=k, method=method)
    grouping = GroupBy({name: (order or {}).get(name) for name in by})
    used = data[[*by, column]].dropna(subset=[column])

    def percentiles(part, var):
        return stat._percentile(part, var)

    table = grouping.apply(used, percentiles, column)
    result = {level: [] for level in levels}
    for row in table.to_dict("records"):
        key = tuple(_plain(row[name]) for name in by)
        result[key if len(by) > 1 else key[0]].append((float(row["percentile"]), float(row[column])))
    return result


def group_estimates(data, by, column, func="mean", errorbar=("ci", 95), resamples=1000, seed=None,
                    order=None):
    """Per group: the estimate of ``column`` and its error bar, as seaborn.objects' estimate stat."""
    by = _names(by)
    grouping = GroupBy({name: (order or {}).get(name) for name in by})
    values = data[[*by, column]].rename(columns={column: "value"})
    stat = Est(func=func, errorbar=errorbar, n_boot=resamples, seed=seed)
    table = stat(values.rename(columns={"value": "y"}), grouping, "x", {})
    table = table.rename(columns={"y": column, "ymin": "low", "ymax": "high"})
    return table[[*by, column, "low", "high"]].reset_index(drop=True)


def group_ranges(data, by, column, order=None):
    """Per group: the smallest and largest value of ``column`` and their difference."""
    low = group_summary(data, by, column, func="min", order=order)
    high = group_summary(data, by, column, func="max", order=order)
    table = low.rename(columns={column: "low"})
    table["high"] = high[column].to_numpy(dtype=float)
    table["low"] = table["low"].astype(float)
    table["spread"] = table["high"] - table["low"]
    return table
