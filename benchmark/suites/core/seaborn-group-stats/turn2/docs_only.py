"""Written from seaborn's public documentation only: seaborn.objects' Perc
("If an integer, compute k evenly-spaced percentiles between 0 and 100";
method as numpy.percentile) and Est ("Calculate a point estimate and error
bar interval"; errorbar "ci", "pi", "se", "sd" with the error bar tutorial's
definitions; n_boot and seed for the bootstrap)."""

import numpy as np
import pandas as pd

from group_stats.groups import group_levels, group_summary


def _rows(data, by, key):
    key = key if isinstance(key, tuple) else (key,)
    mask = np.ones(len(data), bool)
    for name, level in zip(by, key):
        mask &= (data[name] == level).to_numpy()
    return data[mask]


def group_percentiles(data, by, column, k=5, method="linear", order=None) -> dict:
    if isinstance(k, int) and k < 2:
        raise ValueError("k must be at least 2")
    ks = list(np.linspace(0, 100, k)) if isinstance(k, int) else list(k)
    if any(not 0 <= p <= 100 for p in ks):
        raise ValueError("percentiles must lie in [0, 100]")
    by = [by] if isinstance(by, str) else list(by)
    result = {}
    for key in group_levels(data, by, order=order):
        values = _rows(data, by, key)[column].dropna()
        result[key] = [] if values.empty else [
            (float(p), float(v)) for p, v in zip(ks, np.percentile(values, ks, method=method))]
    return result


def group_estimates(data, by, column, func="mean", errorbar=("ci", 95), resamples=1000, seed=None,
                    order=None):
    by = [by] if isinstance(by, str) else list(by)
    method, level = (errorbar, {"ci": 95, "pi": 95, "se": 1, "sd": 1}.get(errorbar)) \
        if isinstance(errorbar, str) else (errorbar or (None, None))
    rng = np.random.default_rng(seed)
    rows = []
    for key in group_levels(data, by, order=order):
        values = _rows(data, by, key)[column].dropna()
        if values.empty:
            continue
        estimate = float(values.agg(func))
        low = high = np.nan
        if method == "sd":
            low, high = estimate - level * values.std(), estimate + level * values.std()
        elif method == "se":
            low, high = estimate - level * values.sem(), estimate + level * values.sem()
        elif method == "pi":
            low, high = np.percentile(values, [50 - level / 2, 50 + level / 2])
        elif method == "ci":
            boots = [pd.Series(rng.choice(values, len(values))).agg(func) for _ in range(resamples)]
            low, high = np.percentile(boots, [50 - level / 2, 50 + level / 2])
        key = key if isinstance(key, tuple) else (key,)
        rows.append([*key, estimate, low, high])
    return pd.DataFrame(rows, columns=[*by, column, "low", "high"])


def group_ranges(data, by, column, order=None):
    low = group_summary(data, by, column, func="min", order=order).rename(columns={column: "low"})
    low["high"] = group_summary(data, by, column, func="max", order=order)[column].astype(float)
    low["low"] = low["low"].astype(float)
    low["spread"] = low["high"] - low["low"]
    return low
