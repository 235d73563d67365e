"""Written from seaborn's public documentation only: "order, hue_order: lists of
strings. Order to plot the categorical levels in; otherwise the levels are
inferred from the data objects", and the pandas type API for numeric,
datetime and categorical data."""

import numpy as np
import pandas as pd
from pandas.api import types


def _plain(level):
    return level.item() if isinstance(level, np.generic) else level


def level_order(values, order=None, drop_unused=False) -> list:
    series = values if isinstance(values, pd.Series) else pd.Series(values)
    if order is not None:
        levels = list(order)
    elif isinstance(series.dtype, pd.CategoricalDtype):
        levels = list(series.cat.categories)
    else:
        levels = list(series.dropna().unique())
        if types.is_numeric_dtype(series):
            levels = sorted(levels)
    if drop_unused:
        present = set(series.dropna().tolist())
        levels = [level for level in levels if _plain(level) in present]
    return [_plain(level) for level in levels]


def value_kind(values, binary_as="number") -> str:
    series = values if isinstance(values, pd.Series) else pd.Series(values)
    data = series.dropna()
    if data.empty:
        return "empty"
    if isinstance(series.dtype, pd.CategoricalDtype):
        return "category"
    if types.is_bool_dtype(data) or (types.is_numeric_dtype(data) and set(data.unique()) <= {0, 1}):
        return binary_as
    if types.is_numeric_dtype(data):
        return "number"
    if types.is_datetime64_any_dtype(data):
        return "date"
    return "category"
