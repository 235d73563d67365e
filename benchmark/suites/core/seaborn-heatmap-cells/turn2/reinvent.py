"""The colour of every heatmap cell, and the text seaborn writes in it."""

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure

from seaborn import cm
from seaborn._compat import get_colormap
from seaborn.utils import relative_luminance

from heat_cells.cells import blank_cells, color_limits


class _Cells:
    """The parts of seaborn's heatmap set-up the report needs."""

    def __init__(self, data, vmin, vmax, cmap, center, robust, annot, fmt, mask):
        blank = blank_cells(data, mask)
        frame = blank.where(blank, np.asarray(data, dtype=float)).where(~blank).astype(float)
        vmin, vmax = color_limits(frame, vmin=vmin, vmax=vmax, robust=robust, mask=mask)
        self.plot_data = np.ma.masked_where(blank.to_numpy(), frame.to_numpy())
        self.vmin, self.vmax = vmin, vmax
        if cmap is None:
            self.cmap = cm.rocket if center is None else cm.icefire
        elif isinstance(cmap, str):
            self.cmap = get_colormap(cmap)
        elif isinstance(cmap, list):
            self.cmap = mpl.colors.ListedColormap(cmap)
        else:
            self.cmap = cmap
        if center is not None:
            vrange = max(vmax - center, center - vmin)
            normlize = mpl.colors.Normalize(center - vrange, center + vrange)
            cmin, cmax = normlize([vmin, vmax])
            self.cmap = mpl.colors.ListedColormap(self.cmap(np.linspace(cmin, cmax, 256)))
        if annot is None or annot is False:
            self.annot, self.annot_data = False, None
        else:
            self.annot = True
            self.annot_data = self.plot_data if isinstance(annot, bool) else np.asarray(annot)
        self.fmt = fmt


def cell_colors(data, vmin=None, vmax=None, cmap=None, center=None, robust=False, mask=None) -> list:
    cells = _Cells(data, vmin, vmax, cmap, center, robust, None, ".2g", mask)
    rgba = cells.cmap(mpl.colors.Normalize(cells.vmin, cells.vmax)(cells.plot_data))
    return [[None if np.ma.is_masked(value) else mpl.colors.to_hex(color, keep_alpha=False)
             for value, color in zip(row, colors)]
            for row, colors in zip(cells.plot_data, rgba)]


def _annotate(cells, ax, mesh):
    mesh.update_scalarmappable()
    height, width = cells.annot_data.shape
    xpos, ypos = np.meshgrid(np.arange(width) + .5, np.arange(height) + .5)
    for x, y, m, color, val in zip(xpos.flat, ypos.flat, mesh.get_array().flat, mesh.get_facecolors(),
                                   cells.annot_data.flat):
        if m is not np.ma.masked:
            lum = relative_luminance(color)
            text_color = ".15" if lum > .408 else "w"
            annotation = ("{:" + cells.fmt + "}").format(val)
            text_kwargs = dict(color=text_color, ha="center", va="center")
            ax.text(x, y, annotation, **text_kwargs)


def cell_labels(data, annot=True, fmt=".2g", vmin=None, vmax=None, cmap=None, center=None,
                robust=False, mask=None) -> list:
    cells = _Cells(data, vmin, vmax, cmap, center, robust, annot, fmt, mask)
    rows, cols = cells.plot_data.shape
    if not cells.annot:
        return [[None] * cols for _ in range(rows)]
    ax = Figure().subplots()
    mesh = ax.pcolormesh(cells.plot_data, cmap=cells.cmap, vmin=cells.vmin, vmax=cells.vmax)
    _annotate(cells, ax, mesh)
    texts = iter(ax.texts)
    out = []
    for row in cells.plot_data:
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
