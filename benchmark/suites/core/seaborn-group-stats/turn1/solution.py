"""Group tables in the order seaborn.objects gives groups."""

import numpy as np
import pandas as pd

from seaborn._core.groupby import GroupBy


def _grouping(by, order):
    if isinstance(by, str):
        by = [by]
    if not by:
        raise ValueError("at least one grouping column is needed")
    order = order or {}
    return GroupBy({name: order.get(name) for name in by})


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def group_levels(data, by, order=None) -> list:
    """The groups of ``data`` by the columns ``by``, in seaborn.objects' order."""
    grouping = _grouping(by, order)
    missing = [name for name in grouping.order if name not in data]
    if missing:
        raise KeyError(f"no column {missing[0]!r}")
    _, groups = grouping._get_groups(data)
    if isinstance(groups, pd.MultiIndex):
        return [tuple(_plain(v) for v in key) for key in groups]
    return [_plain(key) for key in groups]


def group_summary(data, by, columns, func="mean", order=None):
    """One row per group of ``by`` (all combinations), ``columns`` reduced by ``func``."""
    grouping = _grouping(by, order)
    if isinstance(columns, str):
        columns = [columns]
    for name in [*grouping.order, *columns]:
        if name not in data:
            raise KeyError(f"no column {name!r}")
    table = grouping.agg(data[[*grouping.order, *columns]], {name: func for name in columns})
    return table.reset_index(drop=True)
