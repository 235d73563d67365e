"""Written from seaborn's public documentation only: regplot's x, y, data and
units ("Input variables. If strings, these should correspond with column names
in data"; "dropna: Drop missing observations") and x_bins ("the number of
evenly-sized (not necessary spaced) bins or the positions of the bin
centers")."""

import numpy as np
import pandas as pd


def _column(value, data):
    if isinstance(value, str):
        if data is None:
            raise ValueError(f"{value!r} names a column but no data was given")
        value = data[value]
    if value is None:
        return None
    array = np.asarray(value)
    if array.ndim != 1:
        raise ValueError("regplot inputs must be vectors")
    return array


def fit_inputs(x, y, data=None, units=None) -> tuple:
    x, y, units = (_column(v, data) for v in (x, y, units))
    keep = pd.notnull(x) & pd.notnull(y)
    if units is not None:
        keep &= pd.notnull(units)
    return x[keep].astype(float), y[keep].astype(float), None if units is None else units[keep]


def bin_centres(x, bins) -> tuple:
    values = np.asarray(x, dtype=float)
    if values.ndim != 1 or values.size == 0 or np.isnan(values).any():
        raise ValueError("x must be a non-empty vector without missing values")
    if np.isscalar(bins):
        if int(bins) < 1:
            raise ValueError("at least one bin is needed")
        # evenly-sized bins: quantile edges, each bin drawn at its centre
        edges = np.quantile(values, np.linspace(0, 1, int(bins) + 1))
        centres = (edges[:-1] + edges[1:]) / 2
    else:
        centres = np.asarray(bins, dtype=float)
    binned = centres[np.argmin(np.abs(values[:, None] - centres[None, :]), axis=1)]
    return binned, centres
