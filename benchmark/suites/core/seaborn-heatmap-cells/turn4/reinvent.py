"""Scaled data and side colour bars, as seaborn's clustermap prepares them."""

import matplotlib as mpl
import numpy as np
import pandas as pd

from seaborn.matrix import ClusterGrid, _convert_colors

from heat_cells.cells import color_limits
from heat_cells.colors import cell_colors


def _frame(data):
    return data if isinstance(data, pd.DataFrame) else pd.DataFrame(np.asarray(data, dtype=float))


def _format(data, pivot_kws, z_score=None, standard_scale=None):
    if pivot_kws is not None:
        data2d = data.pivot(**pivot_kws)
    else:
        data2d = data
    if z_score is not None and standard_scale is not None:
        raise ValueError("Cannot perform both z-scoring and standard-scaling on data")
    if z_score is not None:
        data2d = ClusterGrid.z_score(data2d, z_score)
    if standard_scale is not None:
        data2d = ClusterGrid.standard_scale(data2d, standard_scale)
    return data2d


def scaled_cells(data, zscore=None, scale=None, cmap=None, center=None) -> dict:
    frame = _frame(data)
    if zscore not in (None, 0, 1) or scale not in (None, 0, 1):
        raise ValueError("z_score and standard_scale take 0 (rows) or 1 (columns)")
    scaled = _format(frame, None, z_score=zscore, standard_scale=scale)
    return {"data": scaled, "colors": cell_colors(scaled, cmap=cmap, center=center), "limits": color_limits(scaled)}


def _prepare(data, colors, axis):
    labels = None
    if colors is not None:
        if isinstance(colors, (pd.DataFrame, pd.Series)):
            if (not hasattr(data, "index") and axis == 0) or (not hasattr(data, "columns") and axis == 1):
                axis_name = "col" if axis else "row"
                raise TypeError(f"{axis_name}_colors indices can't be matched with data indices.")
            if axis == 0:
                colors = colors.reindex(data.index)
            else:
                colors = colors.reindex(data.columns)
            colors = colors.astype(object).fillna('white')
            if isinstance(colors, pd.DataFrame):
                labels = list(colors.columns)
                colors = colors.T.values
            else:
                labels = [""] if colors.name is None else [colors.name]
                colors = colors.values
        colors = _convert_colors(colors)
    return colors, labels


def side_colors(data, colors, axis=0) -> tuple:
    if axis not in (0, 1):
        raise ValueError("axis is 0 (rows) or 1 (columns)")
    bars, labels = _prepare(data, colors, axis)
    if bars is None:
        return [], None
    if np.ndim(bars) == 2:
        bars = [bars]
    return [[mpl.colors.to_hex(color) for color in bar] for bar in bars], labels
