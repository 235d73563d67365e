"""Written from seaborn's public documentation only: heatmap's mask ("If
passed, data will not be shown in cells where mask is True. Cells with missing
values are automatically masked"), vmin/vmax ("Values to anchor the colormap,
otherwise they are inferred from the data") and robust ("If True and vmin or
vmax are absent, the colormap range is computed with robust quantiles instead
of the extreme values")."""

import numpy as np
import pandas as pd


def _frame(data):
    if isinstance(data, pd.DataFrame):
        return data
    values = np.asarray(data)
    if values.ndim != 2:
        raise ValueError("a heatmap needs two-dimensional data")
    if values.size == 0:
        raise ValueError("a heatmap needs at least one cell")
    return pd.DataFrame(values)


def blank_cells(data, mask=None):
    frame = _frame(data)
    blank = frame.isna()
    if mask is None:
        return blank
    if isinstance(mask, pd.DataFrame):
        mask = mask.reindex(index=frame.index, columns=frame.columns, fill_value=False)
    mask = np.asarray(mask, dtype=bool)
    if mask.shape != frame.shape:
        raise ValueError("mask and data shapes differ")
    return blank | mask


def color_limits(data, vmin=None, vmax=None, robust=False, mask=None) -> tuple:
    frame = _frame(data)
    shown = frame.to_numpy(dtype=float)[~blank_cells(frame, mask).to_numpy()]
    if shown.size == 0:
        raise ValueError("every cell is blank")
    low, high = np.quantile(shown, [0.02, 0.98]) if robust else (shown.min(), shown.max())
    return float(low if vmin is None else vmin), float(high if vmax is None else vmax)
