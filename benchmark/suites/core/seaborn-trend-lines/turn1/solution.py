"""The observations seaborn's regression plot fits, and the bins it puts x into."""

import numpy as np

from seaborn.regression import _LinearPlotter, _RegressionPlotter


def _plain(vector, dtype=None):
    if vector is None:
        return None
    return np.asarray(vector, dtype=dtype)


def fit_inputs(x, y, data=None, units=None) -> tuple:
    """(x, y, units) as regplot reads them, rows with a missing value dropped."""
    reader = _LinearPlotter()
    reader.establish_variables(data, x=x, y=y, units=units)
    lengths = {len(np.atleast_1d(v)) for v in (reader.x, reader.y, reader.units) if v is not None}
    if len(lengths) > 1:
        raise ValueError("x, y and units must have the same length")
    reader.dropna("x", "y", "units")
    return _plain(reader.x, float), _plain(reader.y, float), _plain(reader.units)


def bin_centres(x, bins) -> tuple:
    """(binned, centres): each x moved to the centre regplot gives it with x_bins=bins."""
    values = np.asarray(x, dtype=float)
    if values.ndim != 1 or values.size == 0:
        raise ValueError("bin_centres needs a non-empty one-dimensional x")
    if np.isnan(values).any():
        raise ValueError("x holds missing values")
    if np.isscalar(bins) and int(bins) < 1:
        raise ValueError("at least one bin is needed")
    if not np.isscalar(bins) and np.size(bins) == 0:
        raise ValueError("at least one bin centre is needed")
    plotter = _RegressionPlotter(values, np.zeros(values.size), fit_reg=False)
    binned, centres = plotter.bin_predictor(bins)
    return np.asarray(binned, dtype=float), np.asarray(centres, dtype=float)
