"""Written from seaborn's public documentation only: the objects interface's
linestyle and marker properties ("a nominal scale cycles through distinct
dash patterns / marker shapes"; values as matplotlib line styles or dash
tuples, and matplotlib markers) and Boolean scales."""

import numpy as np
import pandas as pd
from matplotlib.markers import MarkerStyle

from mark_props.intervals import level_values
from mark_props.scales import scale_kind

STYLES = {"-": None, "--": (6.0, 6.0), ":": (1.0, 3.0), "-.": (6.0, 3.0, 1.0, 3.0)}
DASHES = [None, (6.0, 6.0), (1.0, 3.0), (6.0, 3.0, 1.0, 3.0), (10.0, 3.0), (3.0, 10.0), (10.0, 3.0, 3.0, 3.0)]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _levels(values, prop, arg, order):
    data = pd.Series(values)
    kind = scale_kind(data, prop, arg)
    if kind == "boolean":
        return [True, False]
    return list(order) if order is not None else [_plain(v) for v in data.dropna().unique()]


def _given(levels, arg, default):
    if arg is None:
        return [default[i % len(default)] for i in range(len(levels))]
    if isinstance(arg, dict):
        missing = set(levels) - set(arg)
        if missing:
            raise ValueError(f"missing values for {missing}")
        return [arg[level] for level in levels]
    if isinstance(arg, list):
        return [arg[i % len(arg)] for i in range(len(levels))]
    raise TypeError("values must be a list or a dict")


def _dash(style):
    if isinstance(style, str):
        return (0.0, STYLES[style])
    if style is None:
        return (0.0, None)
    return (0.0, tuple(float(v) for v in style))


def dash_patterns(values, arg=None, order=None) -> dict:
    levels = _levels(values, "linestyle", arg, order)
    return {level: _dash(style) for level, style in zip(levels, _given(levels, arg, DASHES))}


def default_dashes(n) -> list:
    if n < 0:
        raise ValueError("n must not be negative")
    return [_dash(DASHES[i % len(DASHES)]) for i in range(n)]


def marker_shapes(values, arg=None, order=None) -> dict:
    levels = _levels(values, "marker", arg, order)
    shapes = [MarkerStyle(m) for m in _given(levels, arg, MARKERS)]
    return {level: (str(m.get_marker()), bool(m.is_filled())) for level, m in zip(levels, shapes)}


def style_table(values, order=None) -> list:
    dashes = dash_patterns(values, order=order)
    shapes = marker_shapes(values, order=order)
    sizes = level_values(values, "pointsize", order=order)
    return [(level, dashes[level], shapes[level][0], sizes[level]) for level in dashes]
