"""Legend entries as seaborn.objects builds them, with the property value of each."""

from copy import copy

import matplotlib as mpl
import numpy as np
import pandas as pd

from seaborn._core.properties import PROPERTIES
from seaborn._core.rules import categorical_order
from seaborn._core.scales import Continuous, ContinuousBase, Nominal, PseudoAxis, _default_spacer

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


def _nominal_setup(scale, data, prop, axis=None):
    new = copy(scale)
    if new._tick_params is None:
        new = new.tick()
    if new._label_params is None:
        new = new.label()
    stringify = np.vectorize(format, otypes=["object"])
    units_seed = categorical_order(data, new.order)

    class CatScale(mpl.scale.LinearScale):
        def set_default_locators_and_formatters(self, axis):
            ...

    mpl_scale = CatScale(data.name)
    if axis is None:
        axis = PseudoAxis(mpl_scale)
        axis.set_view_interval(0, len(units_seed) - 1)
    new._matplotlib_scale = mpl_scale
    axis.update_units(stringify(np.array(units_seed)))

    def convert_units(x):
        keep = np.array([x_ in units_seed for x_ in x], bool)
        out = np.full(len(x), np.nan)
        out[keep] = axis.convert_units(stringify(x[keep]))
        return out

    new._pipeline = [convert_units, prop.get_mapping(new, data)]
    new._spacer = _default_spacer
    if prop.legend:
        new._legend = units_seed, list(stringify(units_seed))
    return new


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
        levels, labels = [True, False], ["True", "False"]
    elif kind == "nominal":
        levels, labels = _nominal_setup(Nominal(arg, order), data, found)._legend
    else:
        raise ValueError(f"no legend for a {kind} scale")
    table = _group_values(values, prop, arg, order)
    return [(label, table[_plain(level)]) for level, label in zip(levels, labels)]
