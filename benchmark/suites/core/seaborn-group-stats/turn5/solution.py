"""A per-group report of a numeric column, in the numbers seaborn.objects plots show."""

import numpy as np
import pandas as pd

from seaborn._core.rules import variable_type
from seaborn._stats.counting import Hist

from group_stats.densities import group_densities
from group_stats.percentiles import group_percentiles, group_ranges


def group_report(data, column, by, order=None, k=5, bins="auto", gridsize=100) -> dict:
    """Kind, shared histogram bins and one entry per group of ``column`` grouped by ``by``."""
    by = [by] if isinstance(by, str) else list(by)
    kind = str(variable_type(data[column], boolean_type="boolean", strict_boolean=True))
    if kind != "numeric":
        raise ValueError(f"a report needs numbers, and {column!r} holds {kind} values")
    values = pd.to_numeric(data[column], errors="coerce").astype(float)
    frame = data[by].assign(**{column: values})
    used = frame.dropna(subset=[column])
    if used.empty:
        raise ValueError("no values to report on")
    hist = Hist(bins=bins)
    bin_kws = hist._define_bin_params(used.rename(columns={column: "x"}), "x", "continuous")
    edges = np.histogram_bin_edges(used[column], **bin_kws)
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
