"""Written from seaborn's public documentation only: the objects interface's
scales ("numeric data gets a Continuous scale, categorical data a Nominal
scale, datetime data a Temporal scale; Boolean for True/False data"), Plot.scale
("a string naming a transform: log, symlog, logit, pow, sqrt"; "a tuple gives
the range of a continuous mapping, a list or dict implies a nominal mapping";
palettes by name)."""

import numpy as np
import pandas as pd



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
    known = {"x", "y", "pointsize", "linewidth", "edgewidth", "stroke", "alpha", "color", "fillcolor",
             "edgecolor", "marker", "linestyle", "fill", "offset", "fontsize", "text"}
    if prop not in known:
        raise KeyError(prop)
    data = _series(values).dropna()
    if pd.api.types.is_bool_dtype(data):
        kind = "boolean"
    elif pd.api.types.is_numeric_dtype(data):
        kind = "continuous"
    elif pd.api.types.is_datetime64_any_dtype(data):
        kind = "temporal"
    else:
        kind = "nominal"
    if prop in ("marker", "linestyle"):
        return "boolean" if kind == "boolean" else "nominal"
    if arg is None:
        return kind
    if prop in ("x", "y"):
        if not isinstance(arg, str):
            raise TypeError("a coordinate scale argument is a transform name")
        if not arg.startswith(("log", "symlog", "logit", "pow", "sqrt")):
            raise ValueError(f"unknown transform {arg!r}")
        return f"continuous({arg})"
    if isinstance(arg, (list, dict)):
        return "boolean" if kind == "boolean" else "nominal"
    return kind


def frame_kinds(data, mapping) -> dict:
    """Column -> scale kind, for a frame whose columns are mapped to properties (name -> (prop, arg))."""
    kinds = {}
    for column, spec in mapping.items():
        prop, arg = spec if isinstance(spec, tuple) else (spec, None)
        if column not in data:
            raise KeyError(column)
        kinds[column] = scale_kind(data[column], prop, arg)
    return kinds
