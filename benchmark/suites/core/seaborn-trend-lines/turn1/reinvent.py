"""The observations seaborn's regression plot fits, and the bins it puts x into."""

import numpy as np
import pandas as pd


def _vector(value, data):
    if isinstance(value, str):
        vector = data[value]
    elif isinstance(value, list):
        vector = np.asarray(value)
    else:
        vector = value
    if vector is not None and vector.shape != (1,):
        vector = np.squeeze(vector)
    if np.ndim(vector) > 1:
        raise ValueError("regplot inputs must be 1d")
    return vector


def fit_inputs(x, y, data=None, units=None) -> tuple:
    """(x, y, units) as regplot reads them, rows with a missing value dropped."""
    given = {"x": x, "y": y, "units": units}
    if any(isinstance(v, str) for v in given.values()) and data is None:
        raise ValueError("Must pass `data` if using named variables.")
    vectors = {name: _vector(value, data) for name, value in given.items()}
    present = [v for v in vectors.values() if v is not None]
    keep = np.all(np.column_stack([pd.notnull(v) for v in present]), axis=1)
    out = {name: (None if v is None else np.asarray(v[keep])) for name, v in vectors.items()}
    return out["x"].astype(float), out["y"].astype(float), out["units"]


def bin_centres(x, bins) -> tuple:
    """(binned, centres): each x moved to the centre regplot gives it with x_bins=bins."""
    values = np.asarray(x, dtype=float)
    if values.ndim != 1 or values.size == 0:
        raise ValueError("bin_centres needs a non-empty one-dimensional x")
    if np.isnan(values).any():
        raise ValueError("x holds missing values")
    if np.isscalar(bins):
        if int(bins) < 1:
            raise ValueError("at least one bin is needed")
        centres = np.percentile(values, np.linspace(0, 100, bins + 2)[1:-1])
    else:
        centres = np.ravel(bins)
    distance = np.abs(np.subtract.outer(values, centres))
    binned = centres[np.argmin(distance, axis=1)].ravel()
    return np.asarray(binned, dtype=float), np.asarray(centres, dtype=float)
