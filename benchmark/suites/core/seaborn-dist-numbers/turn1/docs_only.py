"""Written from seaborn's public documentation only: histplot's bins, binwidth,
binrange and discrete ("bins: Generic bin parameter that can be the name of a
reference rule, the number of bins, or the breaks of the bins. Passed to
numpy.histogram_bin_edges"; "discrete: If True, default to binwidth=1 and draw
the bars so that they are centered on their corresponding data points"), and
distplot's bins ("If unspecified, as reference rule is used that tries to find
a useful default"), read as numpy's Freedman-Diaconis rule."""

import numpy as np


def _observed(values) -> np.ndarray:
    x = np.asarray([np.nan if v is None else v for v in np.ravel(values)], dtype=float)
    return x[~np.isnan(x)]


def bar_edges(values, bins="auto", width=None, limits=None, discrete=False) -> np.ndarray:
    x = _observed(values)
    if x.size == 0 and limits is None:
        raise ValueError("no data to bin")
    start, stop = (x.min(), x.max()) if limits is None else limits
    if discrete:
        return np.arange(start - 0.5, stop + 1.5)
    if width is not None:
        return np.arange(start, stop + width, width)
    return np.histogram_bin_edges(x, bins, limits)


def classic_bin_count(values) -> int:
    x = _observed(values)
    if x.size < 2:
        return 1
    return len(np.histogram_bin_edges(x, "fd")) - 1
