"""Bubble sizes as seaborn's scatter plots size points, and the bubbles of the grid."""

import numpy as np
import pandas as pd

from copy import copy

import matplotlib as mpl

from seaborn._base import SizeMapping, categorical_order
from seaborn.relational import _ScatterPlotter
from seaborn.utils import remove_na

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
    return mapping, data, plotter.var_types["size"], plotter


def _numeric(plotter, data, sizes, norm):
    if isinstance(sizes, dict):
        levels = list(np.sort(list(sizes)))
        size_values = sizes.values()
        size_range = min(size_values), max(size_values)
    else:
        levels = list(np.sort(remove_na(data.unique())))
        if isinstance(sizes, tuple):
            if len(sizes) != 2:
                raise ValueError("A `sizes` tuple must have only 2 values")
            size_range = sizes
        elif sizes is not None:
            raise ValueError(f"Value for `sizes` not understood: {sizes}")
        else:
            size_range = plotter._default_size_range
    if norm is None:
        norm = mpl.colors.Normalize()
    elif isinstance(norm, tuple):
        norm = mpl.colors.Normalize(*norm)
    elif not isinstance(norm, mpl.colors.Normalize):
        raise ValueError(f"Value for size `norm` parameter not understood: {norm}")
    else:
        norm = copy(norm)
    norm.clip = True
    if not norm.scaled():
        norm(levels)
    sizes_scaled = norm(levels)
    if isinstance(sizes, dict):
        lookup_table = sizes
    else:
        lo, hi = size_range
        lookup_table = dict(zip(levels, lo + sizes_scaled * (hi - lo)))
    return levels, lookup_table, norm, size_range


def _categorical(plotter, data, sizes, order):
    levels = categorical_order(data, order)
    if isinstance(sizes, dict):
        missing = set(levels) - set(sizes)
        if any(missing):
            raise ValueError(f"Missing sizes for the following levels: {missing}")
        lookup_table = sizes.copy()
    elif isinstance(sizes, list):
        lookup_table = dict(zip(levels, sizes))
    else:
        if isinstance(sizes, tuple):
            if len(sizes) != 2:
                raise ValueError("A `sizes` tuple must have only 2 values")
        elif sizes is not None:
            raise ValueError(f"Value for `sizes` not understood: {sizes}")
        else:
            sizes = plotter._default_size_range
        sizes = np.linspace(*sizes, len(levels))[::-1]
        lookup_table = dict(zip(levels, sizes))
    return levels, lookup_table


def bubble_sizes(values, sizes=None, norm=None, order=None) -> dict:
    """Level -> marker size (points squared) of a scatter plot sized by ``values``."""
    mapping, data, kind, plotter = _mapping(values, sizes, norm, order)
    if mapping.infer_map_type(norm, sizes, kind) == "numeric":
        levels, table, _, _ = _numeric(plotter, data, sizes, norm)
    else:
        levels, table = _categorical(plotter, data, sizes, order)
    return {_plain(level): float(table[level]) for level in levels}


def size_of(value, values, sizes=None, norm=None) -> float:
    """The size the scatter plot sized by ``values`` gives ``value``, seen in the data or not."""
    if not np.isscalar(value):
        raise TypeError("size_of takes one value")
    mapping, _, _, _ = _mapping(values, sizes, norm, None)
    if mapping.map_type != "numeric" and value not in mapping.lookup_table:
        raise KeyError(value)
    try:
        found = mapping.lookup_table[value]
    except KeyError:
        normed = mapping.norm(value)
        if np.ma.is_masked(normed):
            normed = np.nan
        found = mapping.size_range[0] + normed * np.ptp(mapping.size_range)
    return float(found)


def cell_bubbles(x, y, bins="auto", sizes=None, bw_adjust=1.0, weights=None) -> list:
    """(x, y, count, density, size) of every non-empty cell, row by row of y then x."""
    counts, xedges, yedges = grid_counts(x, y, bins=bins, weights=weights)
    xc, yc, density = cell_density(x, y, bins=bins, bw_adjust=bw_adjust, weights=weights)
    filled = sorted({float(c) for c in counts.ravel() if c > 0})
    table = bubble_sizes(filled, sizes=sizes)
    return [(float(xc[j]), float(yc[i]), float(counts[j, i]), float(density[i, j]), table[float(counts[j, i])])
            for i in range(len(yc)) for j in range(len(xc)) if counts[j, i] > 0]
