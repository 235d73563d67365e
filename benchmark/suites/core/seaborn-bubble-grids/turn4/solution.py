"""Bubble sizes as seaborn's scatter plots size points, and the bubbles of the grid."""

import numpy as np
import pandas as pd

from seaborn._base import SizeMapping
from seaborn.relational import _ScatterPlotter

from bubble_grid.counts import grid_counts
from bubble_grid.density import cell_density


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _mapping(values, sizes, norm, order):
    data = pd.Series(values)
    if data.isna().all():
        raise ValueError("no values to size")
    plotter = _ScatterPlotter(data=pd.DataFrame({"size": data}), variables={"x": "size", "size": "size"})
    mapping = SizeMapping(plotter, sizes=sizes, order=order, norm=norm)
    return mapping, data, plotter.var_types["size"]


def bubble_sizes(values, sizes=None, norm=None, order=None) -> dict:
    """Level -> marker size (points squared) of a scatter plot sized by ``values``."""
    mapping, data, kind = _mapping(values, sizes, norm, order)
    if mapping.infer_map_type(norm, sizes, kind) == "numeric":
        levels, table, _, _ = mapping.numeric_mapping(data, sizes, norm)
    else:
        levels, table = mapping.categorical_mapping(data, sizes, order)
    return {_plain(level): float(table[level]) for level in levels}


def size_of(value, values, sizes=None, norm=None) -> float:
    """The size the scatter plot sized by ``values`` gives ``value``, seen in the data or not."""
    if not np.isscalar(value):
        raise TypeError("size_of takes one value")
    mapping, _, _ = _mapping(values, sizes, norm, None)
    if mapping.map_type != "numeric" and value not in mapping.lookup_table:
        raise KeyError(value)
    return float(mapping._lookup_single(value))


def cell_bubbles(x, y, bins="auto", sizes=None, bw_adjust=1.0, weights=None) -> list:
    """(x, y, count, density, size) of every non-empty cell, row by row of y then x."""
    counts, xedges, yedges = grid_counts(x, y, bins=bins, weights=weights)
    xc, yc, density = cell_density(x, y, bins=bins, bw_adjust=bw_adjust, weights=weights)
    filled = sorted({float(c) for c in counts.ravel() if c > 0})
    table = bubble_sizes(filled, sizes=sizes)
    return [(float(xc[j]), float(yc[i]), float(counts[j, i]), float(density[i, j]), table[float(counts[j, i])])
            for i in range(len(yc)) for j in range(len(xc)) if counts[j, i] > 0]
