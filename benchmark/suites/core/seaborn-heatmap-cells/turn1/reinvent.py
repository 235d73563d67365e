"""Which cells of a seaborn heatmap are blank, and the range its colours span."""

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


def blank_cells(data, mask=None) -> pd.DataFrame:
    data = _frame(data)
    if mask is None:
        mask = np.zeros(data.shape, bool)
    if isinstance(mask, np.ndarray):
        if mask.shape != data.shape:
            raise ValueError("Mask must have the same shape as data.")
        mask = pd.DataFrame(mask, index=data.index, columns=data.columns, dtype=bool)
    elif isinstance(mask, pd.DataFrame):
        if not mask.index.equals(data.index) and mask.columns.equals(data.columns):
            raise ValueError("Mask must have the same index and columns as data.")
    mask = mask | pd.isnull(data)
    return mask.astype(bool)


def color_limits(data, vmin=None, vmax=None, robust=False, mask=None) -> tuple:
    frame = _frame(data)
    blank = blank_cells(frame, mask)
    if blank.to_numpy().all():
        raise ValueError("every cell is blank")
    plot_data = np.ma.masked_where(blank.to_numpy(), frame.to_numpy(dtype=float))
    calc_data = plot_data.astype(float).filled(np.nan)
    if vmin is None:
        vmin = np.nanpercentile(calc_data, 2) if robust else np.nanmin(calc_data)
    if vmax is None:
        vmax = np.nanpercentile(calc_data, 98) if robust else np.nanmax(calc_data)
    return float(vmin), float(vmax)
