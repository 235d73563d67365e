"""The colour of every heatmap cell, and the text seaborn writes in it."""

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from seaborn.matrix import _HeatMapper

from heat_cells.cells import blank_cells, color_limits


def _mapper(data, vmin, vmax, cmap, center, robust, mask, annot=None, fmt=".2g"):
    blank = blank_cells(data, mask)
    frame = blank.where(blank, np.asarray(data, dtype=float)).where(~blank)
    low, high = color_limits(frame, vmin=vmin, vmax=vmax, robust=robust, mask=mask)
    return _HeatMapper(frame.astype(float), low, high, cmap, center, robust, annot, fmt, None, False, None,
                       mask=blank.to_numpy())


def cell_colors(data, vmin=None, vmax=None, cmap=None, center=None, robust=False, mask=None) -> list:
    """Rows of "#rrggbb" colours (None for blank cells) as seaborn's heatmap paints them."""
    mapper = _mapper(data, vmin, vmax, cmap, center, robust, mask)
    norm = mpl.colors.Normalize(mapper.vmin, mapper.vmax)
    rgba = mapper.cmap(norm(mapper.plot_data))
    return [[None if np.ma.is_masked(value) else mpl.colors.to_hex(color, keep_alpha=False)
             for value, color in zip(row, colors)]
            for row, colors in zip(mapper.plot_data, rgba)]


def cell_labels(data, annot=True, fmt=".2g", vmin=None, vmax=None, cmap=None, center=None,
                robust=False, mask=None) -> list:
    """Rows of (text, "dark" or "light") that seaborn writes in the cells (None for blank ones)."""
    mapper = _mapper(data, vmin, vmax, cmap, center, robust, mask, annot=annot, fmt=fmt)
    if not mapper.annot:
        rows, cols = mapper.plot_data.shape
        return [[None] * cols for _ in range(rows)]
    ax = Figure().subplots()
    mesh = ax.pcolormesh(mapper.plot_data, cmap=mapper.cmap, vmin=mapper.vmin, vmax=mapper.vmax)
    mapper._annotate_heatmap(ax, mesh)
    texts = iter(ax.texts)
    out = []
    for row in mapper.plot_data:
        line = []
        for value in row:
            if np.ma.is_masked(value):
                line.append(None)
                continue
            text = next(texts)
            tone = "dark" if mpl.colors.to_hex(text.get_color()) == "#262626" else "light"
            line.append((text.get_text(), tone))
        out.append(line)
    return out
