"""Group tables in the order seaborn.objects gives groups."""

import numpy as np
import pandas as pd

from seaborn._core.rules import categorical_order


def _columns(by):
    if isinstance(by, str):
        by = [by]
    if not by:
        raise ValueError("at least one grouping column is needed")
    return list(by)


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _groups(data, by, order):
    order = order or {}
    levels = {}
    for var in by:
        if var not in data:
            raise KeyError(f"no column {var!r}")
        levels[var] = order.get(var) if order.get(var) is not None else categorical_order(data[var])
    if len(levels) > 1:
        return list(levels), pd.MultiIndex.from_product(levels.values(), names=list(levels))
    grouper, = list(levels)
    return grouper, pd.Index(levels[grouper], name=grouper)


def group_levels(data, by, order=None) -> list:
    _, groups = _groups(data, _columns(by), order)
    if isinstance(groups, pd.MultiIndex):
        return [tuple(_plain(v) for v in key) for key in groups]
    return [_plain(key) for key in groups]


def group_summary(data, by, columns, func="mean", order=None):
    by = _columns(by)
    if isinstance(columns, str):
        columns = [columns]
    for name in columns:
        if name not in data:
            raise KeyError(f"no column {name!r}")
    grouper, groups = _groups(data, by, order)
    frame = data[[*by, *columns]]
    res = (
        frame.groupby(grouper, sort=False, observed=False)
        .agg({name: func for name in columns})
        .reindex(groups)
        .reset_index()
    )
    cols = [c for c in frame if c in res] + [c for c in res if c not in frame]
    return res.reindex(columns=pd.Index(cols)).reset_index(drop=True)
