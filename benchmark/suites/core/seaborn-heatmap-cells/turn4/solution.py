"""Scaled data and side colour bars, as seaborn's clustermap prepares them."""

import matplotlib as mpl
import numpy as np
import pandas as pd

from seaborn.matrix import ClusterGrid

from heat_cells.cells import color_limits
from heat_cells.colors import cell_colors


def _frame(data):
    return data if isinstance(data, pd.DataFrame) else pd.DataFrame(np.asarray(data, dtype=float))


def scaled_cells(data, zscore=None, scale=None, cmap=None, center=None) -> dict:
    """The data clustermap shows after its z_score / standard_scale option, its colours and limits."""
    frame = _frame(data)
    if zscore not in (None, 0, 1) or scale not in (None, 0, 1):
        raise ValueError("z_score and standard_scale take 0 (rows) or 1 (columns)")
    scaled = ClusterGrid.format_data(ClusterGrid, frame, None, z_score=zscore, standard_scale=scale)
    return {
        "data": scaled,
        "colors": cell_colors(scaled, cmap=cmap, center=center),
        "limits": color_limits(scaled),
    }


def side_colors(data, colors, axis=0) -> tuple:
    """(bars, labels): the side colour bars clustermap draws for ``colors`` along ``axis``."""
    if axis not in (0, 1):
        raise ValueError("axis is 0 (rows) or 1 (columns)")
    bars, labels = ClusterGrid._preprocess_colors(None, data, colors, axis)
    if bars is None:
        return [], None
    if np.ndim(bars) == 2:
        bars = [bars]
    hexes = [[mpl.colors.to_hex(color) for color in bar] for bar in bars]
    return hexes, labels
