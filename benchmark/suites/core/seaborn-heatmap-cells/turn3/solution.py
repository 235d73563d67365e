"""The tick labels of a seaborn heatmap, and the heatmap drawn on an Axes."""

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from seaborn.matrix import _HeatMapper

from heat_cells.cells import blank_cells
from heat_cells.colors import cell_colors, cell_labels


def _mapper(data, xticklabels, yticklabels, annot=None, fmt=".2g", cbar=False):
    frame = data if isinstance(data, pd.DataFrame) else pd.DataFrame(np.asarray(data, dtype=float))
    blank = blank_cells(frame)
    return _HeatMapper(frame, None, None, None, None, False, annot, fmt, None, cbar, None,
                       xticklabels=xticklabels, yticklabels=yticklabels, mask=blank.to_numpy())


def _pairs(ticks, labels):
    return [(float(t), str(label)) for t, label in zip(ticks, labels)]


def tick_labels(data, xticklabels=True, yticklabels=True, size=(6.4, 4.8)) -> dict:
    """Tick positions and labels, and axis labels, of the heatmap on a figure of ``size`` inches."""
    mapper = _mapper(data, xticklabels, yticklabels)
    ax = Figure(figsize=size).subplots()
    found = {}
    for axis, name in ((0, "x"), (1, "y")):
        ticks, labels = getattr(mapper, f"{name}ticks"), getattr(mapper, f"{name}ticklabels")
        if isinstance(ticks, str) and ticks == "auto":
            ticks, labels = mapper._auto_ticks(ax, labels, axis)
        found[name] = _pairs(ticks, labels)
    return {"x": found["x"], "y": found["y"], "xlabel": mapper.xlabel, "ylabel": mapper.ylabel}


def draw_heatmap(ax, data, xticklabels=True, yticklabels=True, annot=False, fmt=".2g", cbar=True) -> dict:
    """Draw the heatmap as seaborn draws it on ``ax``; return what a reader of the figure sees."""
    mapper = _mapper(data, xticklabels, yticklabels, annot=annot, fmt=fmt, cbar=cbar)
    mapper.plot(ax, None, {})
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
