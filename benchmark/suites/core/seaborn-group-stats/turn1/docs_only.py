"""Written from seaborn's public documentation only: seaborn.objects groups
marks by the variables assigned to them ("grouping variables"), with Agg
reducing each group ("Aggregate data along the value axis using given
method"), and pandas' groupby/agg."""

import numpy as np
import pandas as pd


def _columns(data, by):
    by = [by] if isinstance(by, str) else list(by)
    if not by:
        raise ValueError("at least one grouping column is needed")
    for name in by:
        if name not in data:
            raise KeyError(name)
    return by


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def group_levels(data, by, order=None) -> list:
    by = _columns(data, by)
    order = order or {}
    levels = []
    for name in by:
        if order.get(name) is not None:
            levels.append(list(order[name]))
        elif isinstance(data[name].dtype, pd.CategoricalDtype):
            levels.append(list(data[name].cat.categories))
        else:
            levels.append([_plain(v) for v in data[name].dropna().unique()])
    if len(by) == 1:
        return levels[0]
    return [tuple(key) for key in pd.MultiIndex.from_product(levels)]


def group_summary(data, by, columns, func="mean", order=None):
    cols = [columns] if isinstance(columns, str) else list(columns)
    by = _columns(data, by)
    for name in cols:
        if name not in data:
            raise KeyError(name)
    table = data.groupby(by, sort=False, observed=True)[cols].agg(func).reset_index()
    return table
