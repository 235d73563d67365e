"""Dash patterns and markers seaborn.objects gives groups, and a style table."""

import itertools

import numpy as np
import pandas as pd

from seaborn._core.properties import PROPERTIES, LineStyle
from seaborn._core.rules import categorical_order
from seaborn._core.scales import Boolean, Nominal

from mark_props.intervals import level_values
from mark_props.scales import scale_kind


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _lookup(found, scale, data):
    boolean_scale = isinstance(scale, Boolean)
    order = getattr(scale, "order", [True, False] if boolean_scale else None)
    levels = categorical_order(data, order)
    values = found._get_values(scale, levels)
    if boolean_scale:
        values = values[::-1]

    def mapping(x):
        ixs = np.asarray(np.nan_to_num(x), np.intp)
        return [values[ix] if np.isfinite(x_i) else found.null_value for x_i, ix in zip(x, ixs)]
    return mapping


def _dashes(n):
    dashes = ["-", (4, 1.5), (1, 1), (3, 1.25, 1.5, 1.25), (5, 1, 1, 1)]
    p = 3
    while len(dashes) < n:
        a = itertools.combinations_with_replacement([3, 1.25], p)
        b = itertools.combinations_with_replacement([4, 1], p)
        segment_list = itertools.chain(*zip(list(a)[1:-1][::-1], list(b)[1:-1]))
        for segments in segment_list:
            gap = min(segments)
            spec = tuple(itertools.chain(*((seg, gap) for seg in segments)))
            dashes.append(spec)
        p += 1
    return [LineStyle._get_dash_pattern(x) for x in dashes]


def _objects(values, prop, arg, order):
    data = pd.Series(values)
    kind = scale_kind(data, prop, arg)
    found = PROPERTIES[prop]
    scale = Boolean(arg) if kind == "boolean" else Nominal(arg, order)
    levels = [True, False] if kind == "boolean" else categorical_order(data, order)
    mapping = _lookup(found, scale, data)
    return levels, mapping([1.0, 0.0] if kind == "boolean" else np.arange(len(levels), dtype=float))


def dash_patterns(values, arg=None, order=None) -> dict:
    """Level -> (offset, dashes or None) of the lines seaborn.objects draws for it."""
    levels, patterns = _objects(values, "linestyle", arg, order)
    return {_plain(level): (float(offset), None if dashes is None else tuple(float(d) for d in dashes))
            for level, (offset, dashes) in zip(levels, patterns)}


def default_dashes(n) -> list:
    """The first ``n`` dash patterns seaborn.objects hands out, as (offset, dashes or None)."""
    if n < 0:
        raise ValueError("n must not be negative")
    patterns = _dashes(n)[:n]
    return [(float(o), None if d is None else tuple(float(v) for v in d)) for o, d in patterns]


def marker_shapes(values, arg=None, order=None) -> dict:
    """Level -> (marker, filled) of the points seaborn.objects draws for it."""
    levels, markers = _objects(values, "marker", arg, order)
    return {_plain(level): (str(m.get_marker()), bool(m.is_filled())) for level, m in zip(levels, markers)}


def style_table(values, order=None) -> list:
    """(level, dashes, marker, point size) for every group of ``values``."""
    dashes = dash_patterns(values, order=order)
    shapes = marker_shapes(values, order=order)
    sizes = level_values(values, "pointsize", order=order)
    return [(level, dashes[level], shapes[level][0], sizes[level]) for level in dashes]
