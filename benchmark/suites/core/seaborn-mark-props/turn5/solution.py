"""Legend entries as seaborn.objects builds them, with the property value of each."""

import numpy as np
import pandas as pd

from seaborn._core.properties import PROPERTIES
from seaborn._core.scales import Boolean, Continuous, ContinuousBase, Nominal

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
    found = PROPERTIES[prop]
    if not found.legend:
        raise ValueError(f"{prop} has no legend")
    kind = scale_kind(data, prop, arg)
    if kind.startswith("continuous"):
        scale = Continuous(arg)
        if count is not None:
            scale = scale.tick(count=count)
        locs, labels = ContinuousBase._setup(scale, data.astype(float), found)._legend
        if prop == "color":
            return [(label, value_color(data, loc, arg)) for loc, label in zip(locs, labels)]
        return [(label, value_at(data, loc, prop, arg)) for loc, label in zip(locs, labels)]
    if kind == "boolean":
        levels, labels = Boolean(arg)._setup(data, found)._legend
    elif kind == "nominal":
        levels, labels = Nominal._setup(Nominal(arg, order), data, found)._legend
    else:
        raise ValueError(f"no legend for a {kind} scale")
    table = _group_values(values, prop, arg, order)
    return [(label, table[_plain(level)]) for level, label in zip(levels, labels)]
