"""Which kind of scale seaborn.objects gives a variable mapped to a mark property."""

import numpy as np
import pandas as pd

from seaborn._core.properties import PROPERTIES, Color, IntervalProperty


def _series(values):
    series = values if isinstance(values, pd.Series) else pd.Series(values)
    if series.notna().sum() == 0:
        raise ValueError("no values to scale")
    return series


def _name(scale):
    kind = type(scale).__name__.lower()
    trans = getattr(scale, "trans", None)
    return f"{kind}({trans})" if trans else kind


def scale_kind(values, prop="x", arg=None) -> str:
    """The scale ("continuous", "nominal", "boolean", "temporal") objects picks for ``values``."""
    prop = PROPERTIES[prop]
    data = _series(values)
    if arg is None:
        return _name(prop.default_scale(data))
    if isinstance(prop, Color):
        return _name(Color.infer_scale(prop, arg, data))
    if isinstance(prop, IntervalProperty):
        return _name(IntervalProperty.infer_scale(prop, arg, data))
    return _name(prop.infer_scale(arg, data))


def frame_kinds(data, mapping) -> dict:
    """Column -> scale kind, for a frame whose columns are mapped to properties (name -> (prop, arg))."""
    kinds = {}
    for column, spec in mapping.items():
        prop, arg = spec if isinstance(spec, tuple) else (spec, None)
        if column not in data:
            raise KeyError(column)
        kinds[column] = scale_kind(data[column], prop, arg)
    return kinds
