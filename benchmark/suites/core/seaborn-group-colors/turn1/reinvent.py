"""Levels of a column and its kind, as seaborn sees them when it maps a semantic."""

import numpy as np
import pandas as pd

from seaborn._base import variable_type


_OUR_KIND = {"numeric": "number", "categorical": "category", "datetime": "date"}
_SEABORN_KIND = {ours: theirs for theirs, ours in _OUR_KIND.items()}


def _plain(level):
    return level.item() if isinstance(level, np.generic) else level


def level_order(values, order=None, drop_unused=False) -> list:
    """Distinct non-missing levels of ``values`` in the order seaborn uses."""
    if order is None:
        if hasattr(values, "categories"):
            order = values.categories
        else:
            try:
                order = values.cat.categories
            except (TypeError, AttributeError):
                order = pd.Series(values).unique()
                if variable_type(values) == "numeric":
                    order = np.sort(order)
        order = filter(pd.notnull, order)
    levels = list(order)
    if drop_unused:
        present = set(pd.Series(values).dropna().tolist())
        levels = [level for level in levels if _plain(level) in present or level in present]
    return [_plain(level) for level in levels]


def value_kind(values, binary_as="number") -> str:
    series = values if isinstance(values, pd.Series) else pd.Series(values)
    if not series.notna().any():
        return "empty"
    kind = variable_type(series, boolean_type=_SEABORN_KIND[binary_as])
    return _OUR_KIND[str(kind)]
