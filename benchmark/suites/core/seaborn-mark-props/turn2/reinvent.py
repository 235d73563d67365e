"""Sizes, widths and opacities seaborn.objects gives the levels or values of a variable."""

import numpy as np
import pandas as pd

from seaborn._core.properties import PROPERTIES, IntervalProperty
from seaborn._core.rules import categorical_order
from seaborn._core.scales import Boolean, Continuous, Nominal

from mark_props.scales import scale_kind


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _interval(prop):
    found = PROPERTIES[prop]
    if not isinstance(found, IntervalProperty):
        raise ValueError(f"{prop} is not a numeric property")
    return found


def _nominal(found, scale, data):
    levels = categorical_order(data, scale.order)
    values = found._get_values(scale, levels)

    def mapping(x):
        ixs = np.asarray(x, np.intp)
        out = np.full(len(x), np.nan)
        use = np.isfinite(x)
        out[use] = np.take(values, ixs[use])
        return out
    return mapping


def _boolean(found, scale, data):
    values = found._get_values(scale, [True, False])

    def mapping(x):
        out = np.full(len(x), np.nan)
        use = np.isfinite(x)
        out[use] = np.where(x[use], *values)
        return out
    return mapping


def _continuous(found, scale, data):
    if scale.values is None:
        vmin, vmax = found._forward(found.default_range)
    elif isinstance(scale.values, tuple) and len(scale.values) == 2:
        vmin, vmax = found._forward(scale.values)
    else:
        raise TypeError(f"Values for {found.variable} variables must be 2-tuple")

    def mapping(x):
        return found._inverse(np.multiply(x, vmax - vmin) + vmin)
    return mapping


def level_values(values, prop="pointsize", arg=None, order=None) -> dict:
    """Level -> property value when the scale is nominal or boolean."""
    found = _interval(prop)
    data = pd.Series(values)
    kind = scale_kind(data, prop, arg)
    if kind == "boolean":
        mapping = _boolean(found, Boolean(arg), data)
        return {True: float(mapping(np.array([1.0]))[0]), False: float(mapping(np.array([0.0]))[0])}
    if kind != "nominal":
        raise ValueError(f"a {kind} scale has no levels")
    mapping = _nominal(found, Nominal(arg, order), data)
    levels = categorical_order(data, order)
    mapped = mapping(np.arange(len(levels), dtype=float))
    return {_plain(level): float(v) for level, v in zip(levels, mapped)}


def value_at(values, x, prop="pointsize", arg=None) -> float:
    """The property value a continuous scale over ``values`` gives the data value ``x``."""
    found = _interval(prop)
    data = pd.Series(values).dropna().astype(float)
    if not scale_kind(data, prop, arg).startswith("continuous"):
        raise ValueError("value_at needs a continuous scale")
    low, high = data.min(), data.max()
    share = 0.0 if high == low else (x - low) / (high - low)
    mapping = _continuous(found, Continuous(arg), data)
    return float(mapping(np.clip(share, 0, 1)))
