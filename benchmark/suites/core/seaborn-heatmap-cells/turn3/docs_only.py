"""Written from seaborn's public documentation only: heatmap's xticklabels and
yticklabels ("If True, plot the column names of the dataframe. If False, don't
plot the column names. If list-like, plot these alternate labels as the
xticklabels. If an integer, use the column names but plot only every n label.
If 'auto', try to densely plot non-overlapping labels"), its axis labels (the
index and column names), and heatmap itself for the drawn copy."""

import numpy as np
import pandas as pd

import seaborn as sns

from heat_cells.colors import cell_colors, cell_labels


def _labels(index, arg, length_inches):
    names = [str(v) for v in index]
    if arg is False:
        return []
    if arg is True:
        chosen = list(range(len(names)))
    elif isinstance(arg, int):
        chosen = list(range(0, len(names), arg))
    elif isinstance(arg, str) and arg == "auto":
        fit = max(int(length_inches * 72 // 10), 1)  # about one 10-point label per 10 points
        chosen = list(range(0, len(names), len(names) // fit + 1))
    else:
        return [(i + 0.5, str(v)) for i, v in enumerate(arg)]
    return [(i + 0.5, names[i]) for i in chosen]


def tick_labels(data, xticklabels=True, yticklabels=True, size=(6.4, 4.8)) -> dict:
    frame = data if isinstance(data, pd.DataFrame) else pd.DataFrame(np.asarray(data, dtype=float))
    width, height = size
    return {
        "x": _labels(frame.columns, xticklabels, width * 0.775),
        "y": _labels(frame.index, yticklabels, height * 0.77),
        "xlabel": "" if frame.columns.name is None else str(frame.columns.name),
        "ylabel": "" if frame.index.name is None else str(frame.index.name),
    }


def draw_heatmap(ax, data, xticklabels=True, yticklabels=True, annot=False, fmt=".2g", cbar=True) -> dict:
    sns.heatmap(data, ax=ax, xticklabels=xticklabels, yticklabels=yticklabels, annot=annot, fmt=fmt, cbar=cbar)
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
