"""Colours seaborn.objects gives the groups or values of a variable."""

import matplotlib as mpl
import numpy as np
import pandas as pd

from seaborn._core.properties import PROPERTIES, Color
from seaborn._core.rules import categorical_order
from seaborn._core.scales import Boolean, Continuous, Nominal

from mark_props.scales import scale_kind
from mark_props.styles import marker_shapes


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def group_colors(values, arg=None, order=None) -> dict:
    """Level -> "#rrggbb" when the colour scale of ``values`` is nominal or boolean."""
    data = pd.Series(values)
    kind = scale_kind(data, "color", arg)
    color = PROPERTIES["color"]
    if kind == "boolean":
        mapping = Color._get_boolean_mapping(color, Boolean(arg), data)
        rgb = mapping(np.array([1.0, 0.0]))
        return {True: mpl.colors.to_hex(rgb[0]), False: mpl.colors.to_hex(rgb[1])}
    if kind != "nominal":
        raise ValueError(f"a {kind} colour scale has no groups")
    levels = categorical_order(data, order)
    mapping = Color._get_nominal_mapping(color, Nominal(arg, order), data)
    rgb = mapping(np.arange(len(levels), dtype=float))
    return {_plain(level): mpl.colors.to_hex(c) for level, c in zip(levels, rgb)}


def value_color(values, x, arg=None) -> str:
    """The colour a continuous colour scale over ``values`` gives the data value ``x``."""
    data = pd.Series(values).dropna().astype(float)
    if not scale_kind(data, "color", arg).startswith("continuous"):
        raise ValueError("value_color needs a continuous colour scale")
    low, high = data.min(), data.max()
    share = 0.0 if high == low else float(np.clip((x - low) / (high - low), 0, 1))
    mapping = Color.get_mapping(PROPERTIES["color"], Continuous(arg), data)
    return mpl.colors.to_hex(mapping(np.array([share]))[0])


def color_table(values, arg=None, order=None) -> list:
    """(level, colour, marker) per group, for a legend of coloured points."""
    colors = group_colors(values, arg, order)
    shapes = marker_shapes(values, order=order) if order is not None else marker_shapes(values)
    return [(level, colors[level], shapes[level][0]) for level in colors if level in shapes]
