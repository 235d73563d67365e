"""Written from seaborn's public documentation only: the objects interface's
color property ("a nominal scale uses the default color palette, or a named
palette, list or dict of colors"; "a continuous scale uses a colormap: a
name, a tuple of colors to blend") and seaborn's color_palette."""

import matplotlib as mpl
import numpy as np
import pandas as pd

import seaborn as sns

from mark_props.scales import scale_kind
from mark_props.styles import marker_shapes


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def group_colors(values, arg=None, order=None) -> dict:
    data = pd.Series(values)
    kind = scale_kind(data, "color", arg)
    if kind == "boolean":
        levels = [True, False]
    elif kind == "nominal":
        levels = list(order) if order is not None else [_plain(v) for v in data.dropna().unique()]
    else:
        raise ValueError(f"a {kind} colour scale has no groups")
    if isinstance(arg, dict):
        missing = set(levels) - set(arg)
        if missing:
            raise ValueError(f"missing colours for {missing}")
        colors = [arg[level] for level in levels]
    elif isinstance(arg, list):
        colors = [arg[i % len(arg)] for i in range(len(levels))]
    elif isinstance(arg, tuple):
        colors = sns.blend_palette(arg, len(levels))
    else:
        colors = sns.color_palette(arg, len(levels))
    return {level: mpl.colors.to_hex(c) for level, c in zip(levels, colors)}


def value_color(values, x, arg=None) -> str:
    data = pd.Series(values).dropna().astype(float)
    if not scale_kind(data, "color", arg).startswith("continuous"):
        raise ValueError("value_color needs a continuous colour scale")
    low, high = data.min(), data.max()
    share = 0.0 if high == low else float(np.clip((x - low) / (high - low), 0, 1))
    if isinstance(arg, tuple):
        cmap = sns.blend_palette(arg, as_cmap=True)
    else:
        cmap = sns.color_palette(arg or "rocket", as_cmap=True)
    return mpl.colors.to_hex(cmap(share))


def color_table(values, arg=None, order=None) -> list:
    colors = group_colors(values, arg, order)
    shapes = marker_shapes(values, order=order) if order is not None else marker_shapes(values)
    return [(level, colors[level], shapes[level][0]) for level in colors if level in shapes]
