"""Written from seaborn's public documentation only: scatterplot's sizes ("List,
dict, or tuple. An object that determines how sizes are chosen when size is
used. List or dict arguments should provide a size for each unique data
value, which forces a categorical interpretation. The argument may also be a
min, max tuple"), size_norm ("Normalization in data units for scaling plot
objects when the size variable is numeric") and size_order; the default range
taken around matplotlib's marker size."""

import matplotlib as mpl
import numpy as np
import pandas as pd

from bubble_grid.counts import grid_counts
from bubble_grid.density import cell_density


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _default_range():
    area = mpl.rcParams["lines.markersize"] ** 2
    return area / 2, area * 2


def bubble_sizes(values, sizes=None, norm=None, order=None) -> dict:
    data = pd.Series(values).dropna()
    if data.empty:
        raise ValueError("no values to size")
    numeric = pd.api.types.is_numeric_dtype(data) and not isinstance(sizes, (list, dict))
    if isinstance(sizes, tuple) and len(sizes) != 2:
        raise ValueError("sizes must be a (min, max) pair")
    if numeric:
        levels = sorted(_plain(v) for v in data.unique())
        low, high = norm if norm is not None else (min(levels), max(levels))
        lo, hi = sizes if sizes is not None else _default_range()
        return {v: float(lo + np.clip((v - low) / (high - low), 0, 1) * (hi - lo)) for v in levels}
    levels = list(order) if order is not None else [_plain(v) for v in data.unique()]
    if isinstance(sizes, dict):
        missing = set(levels) - set(sizes)
        if missing:
            raise ValueError(f"missing sizes for {missing}")
        return {v: float(sizes[v]) for v in levels}
    if isinstance(sizes, list):
        return {v: float(s) for v, s in zip(levels, sizes)}
    lo, hi = sizes if sizes is not None else _default_range()
    return {v: float(s) for v, s in zip(levels, np.linspace(lo, hi, len(levels)))}


def size_of(value, values, sizes=None, norm=None) -> float:
    table = bubble_sizes(values, sizes=sizes, norm=norm)
    if value in table:
        return table[value]
    if isinstance(value, str):
        raise KeyError(value)
    levels = sorted(table)
    low, high = norm if norm is not None else (levels[0], levels[-1])
    lo, hi = sizes if isinstance(sizes, tuple) else _default_range()
    return float(lo + np.clip((value - low) / (high - low), 0, 1) * (hi - lo))


def cell_bubbles(x, y, bins="auto", sizes=None, bw_adjust=1.0, weights=None) -> list:
    counts, xedges, yedges = grid_counts(x, y, bins=bins, weights=weights)
    xc, yc, density = cell_density(x, y, bins=bins, bw_adjust=bw_adjust, weights=weights)
    table = bubble_sizes(sorted({float(c) for c in counts.ravel() if c > 0}), sizes=sizes)
    return [(float(xc[j]), float(yc[i]), float(counts[j, i]), float(density[i, j]), table[float(counts[j, i])])
            for i in range(len(yc)) for j in range(len(xc)) if counts[j, i] > 0]
