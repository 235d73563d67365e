"""Written from seaborn's public documentation only: seaborn.objects picks a
continuous scale for numeric data ("the default scale for numeric data is
Continuous", with pandas' notion of a numeric dtype), and its Hist stat's
bins ("Generic parameter that can be the name of a reference rule, the number
of bins, or the breaks of the bins. Passed to numpy.histogram_bin_edges")."""

import numpy as np
import pandas as pd


from group_stats.densities import group_densities
from group_stats.percentiles import group_percentiles, group_ranges


def group_report(data, column, by, order=None, k=5, bins="auto", gridsize=100) -> dict:
    by = [by] if isinstance(by, str) else list(by)
    series = data[column]
    if pd.api.types.is_numeric_dtype(series) or series.isna().all():
        kind = "numeric"
    elif pd.api.types.is_datetime64_any_dtype(series):
        kind = "datetime"
    else:
        kind = "categorical"
    if kind != "numeric":
        raise ValueError(f"a report needs numbers, and {column!r} holds {kind} values")
    values = pd.to_numeric(data[column], errors="coerce").astype(float)
    frame = data[by].assign(**{column: values})
    used = frame.dropna(subset=[column])
    if used.empty:
        raise ValueError("no values to report on")
    edges = np.histogram_bin_edges(used[column], bins=bins)
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


def _rows(frame, by, level):
    key = level if isinstance(level, tuple) else (level,)
    return np.logical_and.reduce([(frame[name] == value).to_numpy() for name, value in zip(by, key)])
