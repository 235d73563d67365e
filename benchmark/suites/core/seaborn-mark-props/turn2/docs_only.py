"""Written from seaborn's public documentation only: the objects interface's
properties ("pointsize: diameter of points, in points", "alpha", "linewidth",
"stroke"), Nominal and Continuous scales ("values: a tuple defines the range
of the mapping, a list or dict sets explicit values"), Boolean scales."""

import numpy as np
import pandas as pd

import matplotlib as mpl

from mark_props.scales import scale_kind

RANGES = {"pointsize": (2, 8), "alpha": (0.3, 0.95), "stroke": (0.25, 2.5)}
NUMERIC = {"pointsize", "linewidth", "edgewidth", "stroke", "alpha", "offset", "fontsize"}


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _range(prop, arg):
    if isinstance(arg, tuple):
        return arg
    if prop == "linewidth":
        base = mpl.rcParams["lines.linewidth"]
        return base / 2, base * 2
    return RANGES.get(prop, (0, 1))


def level_values(values, prop="pointsize", arg=None, order=None) -> dict:
    if prop not in NUMERIC:
        raise ValueError(f"{prop} is not a numeric property")
    data = pd.Series(values)
    kind = scale_kind(data, prop, arg)
    if kind == "boolean":
        levels = [True, False]
    elif kind == "nominal":
        levels = list(order) if order is not None else [_plain(v) for v in data.dropna().unique()]
    else:
        raise ValueError(f"a {kind} scale has no levels")
    if isinstance(arg, dict):
        missing = set(levels) - set(arg)
        if missing:
            raise ValueError(f"missing values for {missing}")
        return {level: float(arg[level]) for level in levels}
    if isinstance(arg, list):
        return {level: float(arg[i % len(arg)]) for i, level in enumerate(levels)}
    low, high = _range(prop, arg)
    return {level: float(v) for level, v in zip(levels, np.linspace(low, high, len(levels)))}


def value_at(values, x, prop="pointsize", arg=None) -> float:
    if prop not in NUMERIC:
        raise ValueError(f"{prop} is not a numeric property")
    data = pd.Series(values).dropna().astype(float)
    low, high = data.min(), data.max()
    share = 0.0 if high == low else float(np.clip((x - low) / (high - low), 0, 1))
    vmin, vmax = _range(prop, arg)
    return float(vmin + share * (vmax - vmin))
