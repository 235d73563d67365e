"""Written from seaborn's public documentation only: clustermap's z_score
("Z scores are: z = (x - mean)/std, so values in each row (column) will get
the mean of the row (column) subtracted, then divided by the standard
deviation of the row (column)"), standard_scale ("subtract the minimum and
divide each by its maximum") and row_colors/col_colors ("labels for the colors
are extracted from the DataFrames column names or from the name of the
Series. DataFrame/Series colors are also matched to the data by their
index")."""

import matplotlib as mpl
import numpy as np
import pandas as pd

from heat_cells.cells import color_limits
from heat_cells.colors import cell_colors


def scaled_cells(data, zscore=None, scale=None, cmap=None, center=None) -> dict:
    frame = data if isinstance(data, pd.DataFrame) else pd.DataFrame(np.asarray(data, dtype=float))
    if zscore not in (None, 0, 1) or scale not in (None, 0, 1):
        raise ValueError("z_score and standard_scale take 0 (rows) or 1 (columns)")
    if zscore is not None and scale is not None:
        raise ValueError("choose z_score or standard_scale")
    values = frame.to_numpy(dtype=float)
    if zscore is not None:
        axis = 1 - zscore
        values = (values - values.mean(axis=axis, keepdims=True)) / values.std(axis=axis, keepdims=True)
    if scale is not None:
        axis = 1 - scale
        low = values.min(axis=axis, keepdims=True)
        values = (values - low) / (values.max(axis=axis, keepdims=True) - low)
    scaled = pd.DataFrame(values, index=frame.index, columns=frame.columns)
    return {"data": scaled, "colors": cell_colors(scaled, cmap=cmap, center=center), "limits": color_limits(scaled)}


def side_colors(data, colors, axis=0) -> tuple:
    if axis not in (0, 1):
        raise ValueError("axis is 0 (rows) or 1 (columns)")
    if colors is None:
        return [], None
    labels = None
    if isinstance(colors, (pd.Series, pd.DataFrame)):
        if not isinstance(data, pd.DataFrame):
            raise TypeError("labelled colours need a labelled frame")
        target = data.index if axis == 0 else data.columns
        colors = colors.reindex(target)
        if isinstance(colors, pd.Series):
            labels, bars = [colors.name], [list(colors)]
        else:
            labels, bars = list(colors.columns), [list(colors[c]) for c in colors.columns]
    else:
        bars = [list(b) for b in colors] if isinstance(colors[0], (list, tuple)) and not isinstance(colors[0][0], (int, float)) else [list(colors)]
    return [[None if pd.isna(c) else mpl.colors.to_hex(c) for c in bar] for bar in bars], labels
