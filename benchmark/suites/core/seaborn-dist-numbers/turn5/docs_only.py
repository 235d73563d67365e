"""Written from seaborn's public documentation only: the error bar tutorial
("the confidence interval ... computed with bootstrapping", seed "for
reproducible bootstraps", n_boot resamples, the ("ci", 95) percentile
interval) and boxenplot's k_depth ("'tukey': Use log2(n) - 3 levels, covering
similar range as boxplot whiskers; 'proportion': Leave approximately
outlier_prop fliers; 'trustworthy': Extend to level with confidence of at
least trust_alpha; 'full': Use log2(n) + 1 levels and extend to most extreme
points"), outlier_prop=0.007, trust_alpha=0.05."""

from statistics import NormalDist

import numpy as np

from dist_numbers.curve import step_quantiles
from dist_numbers.regions import density_region


def _depth(rule, n):
    if rule == "tukey":
        return max(round(np.log2(n) - 3), 1)
    if rule == "full":
        return round(np.log2(n) + 1)
    if rule == "proportion":
        return max(round(np.log2(n) - np.log2(n * 0.007)), 1)
    if rule == "trustworthy":
        z = NormalDist().inv_cdf(1 - 0.05 / 2)
        return max(round(np.log2(n / (2 * z ** 2))), 1)
    if isinstance(rule, int):
        return rule
    raise ValueError(rule)


def distribution_report(values, mass=0.9, resamples=1000, seed=0, depth=None, points=200) -> dict:
    x = np.asarray([np.nan if v is None else v for v in np.ravel(values)], dtype=float)
    x = x[np.isfinite(x)]
    if x.size < 2:
        raise ValueError("a report needs at least two values")
    median, = step_quantiles(x, [0.5])
    low_quartile, high_quartile = step_quantiles(x, [0.25, 0.75])
    rng = np.random.default_rng(seed)
    medians = [np.median(rng.choice(x, x.size)) for _ in range(resamples)]
    low, high = np.percentile(medians, [2.5, 97.5])
    return {
        "n": int(x.size),
        "median": median,
        "median_interval": (float(low), float(high)),
        "quartiles": (low_quartile, high_quartile),
        "region": density_region(x, mass=mass, points=points),
        "boxes": int(_depth("tukey" if depth is None else depth, x.size)),
    }
