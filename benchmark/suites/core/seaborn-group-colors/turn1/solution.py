"""Levels of a column and its kind, as seaborn sees them when it maps a semantic."""

import numpy as np
import pandas as pd

from seaborn._base import categorical_order, variable_type


_OUR_KIND = {"numeric": "number", "categorical": "category", "datetime": "date"}
_SEABORN_KIND = {ours: theirs for theirs, ours in _OUR_KIND.items()}


def _plain(level):
    # numpy scalars become the Python values they hold; anything else is kept
    return level.item() if isinstance(level, np.generic) else level


def level_order(values, order=None, drop_unused=False) -> list:
    """Distinct non-missing levels of ``values`` in the order seaborn uses."""
    levels = categorical_order(values, order)
    if drop_unused:
        present = set(pd.Series(values).dropna().tolist())
        levels = [level for level in levels if _plain(level) in present or level in present]
    return [_plain(level) for level in levels]


def value_kind(values, binary_as="number") -> str:
    """"number", "category" or "date" as seaborn classifies the data; "empty" without data."""
    series = values if isinstance(values, pd.Series) else pd.Series(values)
    if not series.notna().any():
        return "empty"
    kind = variable_type(series, boolean_type=_SEABORN_KIND[binary_as])
    return _OUR_KIND[str(kind)]
