"""Which kind of scale seaborn.objects gives a variable mapped to a mark property."""

import numpy as np
import pandas as pd

from seaborn._core.properties import PROPERTIES, Color, IntervalProperty, ObjectProperty
from seaborn._core.rules import variable_type
from seaborn._core.scales import Boolean, Continuous, Nominal, Temporal
from seaborn.palettes import QUAL_PALETTES


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
    var_type = variable_type(data, boolean_type="boolean", strict_boolean=True)
    if isinstance(prop, ObjectProperty):
        if arg is None:
            return _name(Boolean() if var_type == "boolean" else Nominal())
        return _name(Boolean(arg) if var_type == "boolean" else Nominal(arg))
    if arg is None:
        if var_type == "numeric":
            return _name(Continuous())
        elif var_type == "datetime":
            return _name(Temporal())
        elif var_type == "boolean":
            return _name(Boolean())
        return _name(Nominal())
    if isinstance(prop, Color):
        if var_type == "boolean":
            return _name(Boolean(arg))
        if isinstance(arg, (dict, list)):
            return _name(Nominal(arg))
        if isinstance(arg, tuple):
            return _name(Nominal(arg) if var_type == "categorical" else Continuous(arg))
        if callable(arg):
            return _name(Continuous(arg))
        if not isinstance(arg, str):
            raise TypeError(f"A single scale argument for {prop.variable} variables must be a string")
        if arg in QUAL_PALETTES:
            return _name(Nominal(arg))
        return _name(Continuous(arg) if var_type == "numeric" else Nominal(arg))
    if isinstance(prop, IntervalProperty):
        if var_type == "boolean":
            return _name(Boolean(arg))
        elif isinstance(arg, (list, dict)):
            return _name(Nominal(arg))
        elif var_type == "categorical":
            return _name(Nominal(arg))
        elif var_type == "datetime":
            return _name(Temporal(arg))
        return _name(Continuous(arg))
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
