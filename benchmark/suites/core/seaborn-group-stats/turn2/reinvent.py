"""Percentiles and ranges of a column within each group."""

import numpy as np
import pandas as pd

from seaborn._core.rules import categorical_order
from seaborn.utils import _version_predates
from seaborn._statistics import EstimateAggregator

from group_stats.groups import group_levels, group_summary


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _names(by):
    return [by] if isinstance(by, str) else list(by)


def _parts(data, by, order):
    """(key, rows) of every observed group, in the order of the full level product."""
    levels = {name: (order or {}).get(name) or categorical_order(data[name]) for name in by}
    grouper = by if len(by) > 1 else by[0]
    parts = dict(iter(data.groupby(grouper, sort=False, observed=False)))
    keys = pd.MultiIndex.from_product(levels.values()) if len(by) > 1 else levels[by[0]]
    return [(key, parts[key]) for key in keys if key in parts and len(parts[key])]


def group_percentiles(data, by, column, k=5, method="linear", order=None) -> dict:
    if isinstance(k, int) and k < 2:
        raise ValueError("k must be at least 2 or a list of percentiles")
    if not isinstance(k, int) and any(not 0 <= p <= 100 for p in k):
        raise ValueError("percentiles must lie in [0, 100]")
    by = _names(by)
    levels = group_levels(data, by, order=order)
    used = data[[*by, column]].dropna(subset=[column])
    result = {level: [] for level in levels}
    for key, part in _parts(used, by, order):
        ks = list(np.linspace(0, 100, k)) if isinstance(k, int) else k
        values = part[column].dropna()
        if _version_predates(np, "1.22"):
            res = np.percentile(values, ks, interpolation=method)
        else:
            res = np.percentile(part[column].dropna(), ks, method=method)
        found = pd.DataFrame({column: res, "percentile": ks})
        key = tuple(_plain(v) for v in key) if len(by) > 1 else _plain(key)
        result[key] = [(float(p), float(v)) for p, v in zip(found["percentile"], found[column])]
    return result


def group_estimates(data, by, column, func="mean", errorbar=("ci", 95), resamples=1000, seed=None,
                    order=None):
    by = _names(by)
    engine = EstimateAggregator(func, errorbar, n_boot=resamples, seed=seed)
    rows = []
    for key, part in _parts(data[[*by, column]], by, order):
        res = engine(part, column)
        key = key if len(by) > 1 else (key,)
        rows.append({**dict(zip(by, key)), column: res[column], "low": res[f"{column}min"],
                     "high": res[f"{column}max"]})
    table = pd.DataFrame(rows, columns=[*by, column, "low", "high"]).dropna(subset=[column])
    table = table.reset_index(drop=True)
    return table.fillna({"low": table[column], "high": table[column]})


def group_ranges(data, by, column, order=None):
    low = group_summary(data, by, column, func="min", order=order)
    high = group_summary(data, by, column, func="max", order=order)
    table = low.rename(columns={column: "low"})
    table["high"] = high[column].to_numpy(dtype=float)
    table["low"] = table["low"].astype(float)
    table["spread"] = table["high"] - table["low"]
    return table
