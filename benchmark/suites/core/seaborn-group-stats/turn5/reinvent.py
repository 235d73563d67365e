"""A per-group report of a numeric column, in the numbers seaborn.objects plots show."""

import warnings
from datetime import datetime
from numbers import Number

import numpy as np
import pandas as pd

from seaborn._core.rules import VarType

from group_stats.densities import group_densities
from group_stats.percentiles import group_percentiles, group_ranges


def group_report(data, column, by, order=None, k=5, bins="auto", gridsize=100) -> dict:
    """Kind, shared histogram bins and one entry per group of ``column`` grouped by ``by``."""
    by = [by] if isinstance(by, str) else list(by)
    kind = str(_kind(data[column], boolean_type="boolean", strict_boolean=True))
    if kind != "numeric":
        raise ValueError(f"a report needs numbers, and {column!r} holds {kind} values")
    values = pd.to_numeric(data[column], errors="coerce").astype(float)
    frame = data[by].assign(**{column: values})
    used = frame.dropna(subset=[column])
    if used.empty:
        raise ValueError("no values to report on")
    vals = used[column]
    bin_edges = np.histogram_bin_edges(vals, bins, None, None)
    if isinstance(bins, (str, int)):
        bin_kws = dict(bins=len(bin_edges) - 1, range=(bin_edges.min(), bin_edges.max()))
    else:
        bin_kws = dict(bins=bin_edges)
    edges = np.histogram_bin_edges(vals, **bin_kws)
    percentiles = group_percentiles(frame, by, column, k=k, order=order)
    ranges = group_ranges(frame, by, column, order=order)
    curves = group_densities(frame, column, by, gridsize=gridsize, order=order)
    groups = []
    for (level, pairs), row in zip(percentiles.items(), ranges.itertuples(index=False)):
        grid, density = curves.get(level, (np.array([]), np.array([])))
        peak = int(np.argmax(density)) if len(density) else None
        groups.append({
            "group": level,
            "n": int(_rows(used, by, level).sum()),
            "range": (None if pd.isna(row.low) else float(row.low), None if pd.isna(row.high) else float(row.high)),
            "percentiles": pairs,
            "peak": None if peak is None else float(grid[peak]),
            "peak_density": None if peak is None else float(density[peak]),
        })
    return {"kind": kind, "bins": [float(e) for e in edges], "groups": groups}


def _kind(
    vector,
    boolean_type="numeric",
    strict_boolean=False,
):

    # If a categorical dtype is set, infer categorical
    if isinstance(getattr(vector, 'dtype', None), pd.CategoricalDtype):
        return VarType("categorical")

    # Special-case all-na data, which is always "numeric"
    if pd.isna(vector).all():
        return VarType("numeric")

    # Now drop nulls to simplify further type inference
    vector = vector.dropna()

    # Special-case binary/boolean data, allow caller to determine
    # This triggers a numpy warning when vector has strings/objects
    # https://github.com/numpy/numpy/issues/6784
    # Because we reduce with .all(), we are agnostic about whether the
    # comparison returns a scalar or vector, so we will ignore the warning.
    # It triggers a separate DeprecationWarning when the vector has datetimes:
    # https://github.com/numpy/numpy/issues/13548
    # This is considered a bug by numpy and will likely go away.
    with warnings.catch_warnings():
        warnings.simplefilter(
            action='ignore',
            category=(FutureWarning, DeprecationWarning)
        )
        if strict_boolean:
            if isinstance(vector.dtype, pd.core.dtypes.base.ExtensionDtype):
                boolean_dtypes = ["bool", "boolean"]
            else:
                boolean_dtypes = ["bool"]
            boolean_vector = vector.dtype in boolean_dtypes
        else:
            try:
                boolean_vector = bool(np.isin(vector, [0, 1]).all())
            except TypeError:
                # .isin comparison is not guaranteed to be possible under NumPy
                # casting rules, depending on the (unknown) dtype of 'vector'
                boolean_vector = False
        if boolean_vector:
            return VarType(boolean_type)

    # Defer to positive pandas tests
    if pd.api.types.is_numeric_dtype(vector):
        return VarType("numeric")

    if pd.api.types.is_datetime64_dtype(vector):
        return VarType("datetime")

    # --- If we get to here, we need to check the entries

    # Check for a collection where everything is a number

    def all_numeric(x):
        for x_i in x:
            if not isinstance(x_i, Number):
                return False
        return True

    if all_numeric(vector):
        return VarType("numeric")

    # Check for a collection where everything is a datetime

    def all_datetime(x):
        for x_i in x:
            if not isinstance(x_i, (datetime, np.datetime64)):
                return False
        return True

    if all_datetime(vector):
        return VarType("datetime")

    # Otherwise, our final fallback is to consider things categorical

    return VarType("categorical")


def _rows(frame, by, level):
    key = level if isinstance(level, tuple) else (level,)
    return np.logical_and.reduce([(frame[name] == value).to_numpy() for name, value in zip(by, key)])
