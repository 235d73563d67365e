"""Which cells of a seaborn heatmap are blank, and the range its colours span."""

import numpy as np
import pandas as pd

from seaborn.matrix import _HeatMapper, _matrix_mask


def _frame(data):
    if isinstance(data, pd.DataFrame):
        return data
    values = np.asarray(data)
    if values.ndim != 2:
        raise ValueError("a heatmap needs two-dimensional data")
    if values.size == 0:
        raise ValueError("a heatmap needs at least one cell")
    return pd.DataFrame(values)


def blank_cells(data, mask=None) -> pd.DataFrame:
    """True where seaborn's heatmap draws no colour (masked or missing cells)."""
    frame = _frame(data)
    if mask is not None and not isinstance(mask, (np.ndarray, pd.DataFrame)):
        mask = np.asarray(mask, dtype=bool)
    blank = _matrix_mask(frame, mask)
    return blank.astype(bool)


def color_limits(data, vmin=None, vmax=None, robust=False, mask=None) -> tuple:
    """(low, high): the data values the heatmap's colour map runs between."""
    frame = _frame(data)
    blank = blank_cells(frame, mask)
    if blank.to_numpy().all():
        raise ValueError("every cell is blank")
    values = np.ma.masked_where(blank.to_numpy(), frame.to_numpy(dtype=float))
    mapper = _HeatMapper.__new__(_HeatMapper)
    mapper._determine_cmap_params(values, vmin, vmax, None, None, robust)
    return float(mapper.vmin), float(mapper.vmax)
