"""Written from seaborn's public documentation only: the objects interface's
legends ("a continuous scale gets a few round values, a nominal scale one
entry per level"), Continuous.tick(count=...) and the properties' legends
(coordinates have none)."""

import numpy as np
import pandas as pd

from matplotlib.ticker import MaxNLocator

from mark_props.colors import group_colors, value_color
from mark_props.intervals import level_values, value_at
from mark_props.scales import scale_kind
from mark_props.styles import dash_patterns, marker_shapes


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _group_values(values, prop, arg, order):
    if prop == "color":
        return group_colors(values, arg, order)
    if prop == "linestyle":
        return dash_patterns(values, arg, order)
    if prop == "marker":
        return {level: shape[0] for level, shape in marker_shapes(values, arg, order).items()}
    return level_values(values, prop, arg, order)


def legend_entries(values, prop="pointsize", arg=None, order=None, count=None) -> list:
    """(label, value) of every legend entry seaborn.objects draws for ``values`` mapped to ``prop``."""
    data = pd.Series(values)
    if prop in ("x", "y"):
        raise ValueError(f"{prop} has no legend")
    kind = scale_kind(data, prop, arg)
    if kind.startswith("continuous"):
        low, high = data.min(), data.max()
        if count is not None:
            locs = list(np.linspace(low, high, count))
        else:
            locs = list(MaxNLocator(nbins=5).tick_values(low, high))
        labels = [f"{loc:g}" for loc in locs]
        if prop == "color":
            return [(label, value_color(data, loc, arg)) for loc, label in zip(locs, labels)]
        return [(label, value_at(data, loc, prop, arg)) for loc, label in zip(locs, labels)]
    if kind == "boolean":
        levels = [True, False]
    elif kind == "nominal":
        levels = list(order) if order is not None else [_plain(v) for v in data.dropna().unique()]
    else:
        raise ValueError(f"no legend for a {kind} scale")
    table = _group_values(values, prop, arg, order)
    return [(str(level), table[_plain(level)]) for level in levels]
