"""The tick labels of a seaborn heatmap, and the heatmap drawn on an Axes."""

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

import matplotlib.pyplot as plt

from seaborn.matrix import _HeatMapper
from seaborn.utils import _draw_figure, axis_ticklabels_overlap, despine

from heat_cells.cells import blank_cells
from heat_cells.colors import cell_colors, cell_labels


def _mapper(data, xticklabels, yticklabels, annot=None, fmt=".2g", cbar=False):
    frame = data if isinstance(data, pd.DataFrame) else pd.DataFrame(np.asarray(data, dtype=float))
    blank = blank_cells(frame)
    return _HeatMapper(frame, None, None, None, None, False, annot, fmt, None, cbar, None,
                       xticklabels=xticklabels, yticklabels=yticklabels, mask=blank.to_numpy())


def _pairs(ticks, labels):
    return [(float(t), str(label)) for t, label in zip(ticks, labels)]


def _auto(mapper, ax, labels, axis):
    transform = ax.figure.dpi_scale_trans.inverted()
    bbox = ax.get_window_extent().transformed(transform)
    size = [bbox.width, bbox.height][axis]
    axis = [ax.xaxis, ax.yaxis][axis]
    tick, = axis.set_ticks([0])
    fontsize = tick.label1.get_size()
    max_ticks = int(size // (fontsize / 72))
    if max_ticks < 1:
        return [], []
    tick_every = len(labels) // max_ticks + 1
    tick_every = 1 if tick_every == 0 else tick_every
    return mapper._skip_ticks(labels, tick_every)


def _plot(mapper, ax, cax, kws):
    despine(ax=ax, left=True, bottom=True)
    if kws.get("norm") is None:
        kws.setdefault("vmin", mapper.vmin)
        kws.setdefault("vmax", mapper.vmax)
    mesh = ax.pcolormesh(mapper.plot_data, cmap=mapper.cmap, **kws)
    ax.set(xlim=(0, mapper.data.shape[1]), ylim=(0, mapper.data.shape[0]))
    ax.invert_yaxis()
    if mapper.cbar:
        cb = ax.figure.colorbar(mesh, cax, ax, **mapper.cbar_kws)
        cb.outline.set_linewidth(0)
    if isinstance(mapper.xticks, str) and mapper.xticks == "auto":
        xticks, xticklabels = _auto(mapper, ax, mapper.xticklabels, 0)
    else:
        xticks, xticklabels = mapper.xticks, mapper.xticklabels
    if isinstance(mapper.yticks, str) and mapper.yticks == "auto":
        yticks, yticklabels = _auto(mapper, ax, mapper.yticklabels, 1)
    else:
        yticks, yticklabels = mapper.yticks, mapper.yticklabels
    ax.set(xticks=xticks, yticks=yticks)
    xtl = ax.set_xticklabels(xticklabels)
    ytl = ax.set_yticklabels(yticklabels, rotation="vertical")
    plt.setp(ytl, va="center")
    _draw_figure(ax.figure)
    if axis_ticklabels_overlap(xtl):
        plt.setp(xtl, rotation="vertical")
    if axis_ticklabels_overlap(ytl):
        plt.setp(ytl, rotation="horizontal")
    ax.set(xlabel=mapper.xlabel, ylabel=mapper.ylabel)
    if mapper.annot:
        mapper._annotate_heatmap(ax, mesh)


def tick_labels(data, xticklabels=True, yticklabels=True, size=(6.4, 4.8)) -> dict:
    """Tick positions and labels, and axis labels, of the heatmap on a figure of ``size`` inches."""
    mapper = _mapper(data, xticklabels, yticklabels)
    ax = Figure(figsize=size).subplots()
    found = {}
    for axis, name in ((0, "x"), (1, "y")):
        ticks, labels = getattr(mapper, f"{name}ticks"), getattr(mapper, f"{name}ticklabels")
        if isinstance(ticks, str) and ticks == "auto":
            ticks, labels = _auto(mapper, ax, labels, axis)
        found[name] = _pairs(ticks, labels)
    return {"x": found["x"], "y": found["y"], "xlabel": mapper.xlabel, "ylabel": mapper.ylabel}


def draw_heatmap(ax, data, xticklabels=True, yticklabels=True, annot=False, fmt=".2g", cbar=True) -> dict:
    """Draw the heatmap as seaborn draws it on ``ax``; return what a reader of the figure sees."""
    mapper = _mapper(data, xticklabels, yticklabels, annot=annot, fmt=fmt, cbar=cbar)
    _plot(mapper, ax, None, {})
    return {
        "x": [(float(t), lab.get_text(), lab.get_rotation()) for t, lab in zip(ax.get_xticks(), ax.get_xticklabels())],
        "y": [(float(t), lab.get_text(), lab.get_rotation()) for t, lab in zip(ax.get_yticks(), ax.get_yticklabels())],
        "xlabel": ax.get_xlabel(),
        "ylabel": ax.get_ylabel(),
        "ylim": tuple(float(v) for v in ax.get_ylim()),
        "colorbar": len(ax.figure.axes) > 1,
        "colors": cell_colors(data),
        "labels": cell_labels(data, annot=annot, fmt=fmt),
    }
