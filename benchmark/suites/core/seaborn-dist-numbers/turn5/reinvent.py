"""A numeric appendix for a distribution, with the numbers seaborn's plots show."""

import numpy as np

from seaborn._statistics import LetterValues, _percentile_interval
from seaborn.algorithms import _structured_bootstrap

from dist_numbers.curve import step_quantiles
from dist_numbers.regions import density_region

OUTLIER_SHARE = 0.007
TRUST = 0.05
DEFAULT_DEPTH = "tukey"  # boxenplot's default rule


def distribution_report(values, mass=0.9, resamples=1000, seed=0, depth=None, points=200) -> dict:
    """Median with its bootstrap interval, quartiles, shaded region and boxen depth of ``values``."""
    x = np.asarray([np.nan if v is None else v for v in np.ravel(values)], dtype=float)
    x = x[np.isfinite(x)]
    if x.size < 2:
        raise ValueError("a report needs at least two values")
    median, = step_quantiles(x, [0.5])
    low_quartile, high_quartile = step_quantiles(x, [0.25, 0.75])
    args = [x]
    units = None
    if len(np.unique(list(map(len, args)))) > 1:
        raise ValueError("All input arrays must have the same length")
    n = len(args[0])
    rng = seed if isinstance(seed, np.random.RandomState) else np.random.default_rng(seed)
    args = list(map(np.asarray, args))
    f = np.median
    if np.isnan(np.sum(np.column_stack(args))):
        f = np.nanmedian
    integers = rng.integers
    if units is not None:
        medians = _structured_bootstrap(args, resamples, np.asarray(units), f, {}, integers)
    else:
        medians = np.array([f(*[a.take(integers(0, n, n, dtype=np.intp), axis=0) for a in args])
                            for _ in range(int(resamples))])
    low, high = _percentile_interval(medians, 95)
    boxes = LetterValues(k_depth=DEFAULT_DEPTH if depth is None else depth, outlier_prop=OUTLIER_SHARE, trust_alpha=TRUST)
    return {
        "n": int(x.size),
        "median": median,
        "median_interval": (float(low), float(high)),
        "quartiles": (low_quartile, high_quartile),
        "region": density_region(x, mass=mass, points=points),
        "boxes": int(boxes._compute_k(x.size)),
    }
