"""Written from seaborn's public documentation only: kdeplot's bw_method
("scott" by default), bw_adjust ("Factor that multiplicatively scales the value
chosen using bw_method"), cut ("Factor, multiplied by the smoothing bandwidth,
that determines how far the evaluation grid extends past the extreme
datapoints"), clip and gridsize; histplot's kde ("compute a kernel density
estimate to smooth the distribution and show on the plot as (one or more)
line(s)"), scaled to the bars' area; the ECDF quantile read as numpy's
quantile."""

import numpy as np

from dist_numbers.bars import bar_heights, cumulative_steps


def density_curve(values, bandwidth=1.0, cut=3, points=200, clip=None, weights=None) -> tuple:
    x = np.asarray([np.nan if v is None else v for v in np.ravel(values)], dtype=float)
    w = np.ones_like(x) if weights is None else np.asarray(weights, dtype=float).ravel()
    keep = np.isfinite(x)
    x, w = x[keep], w[keep] / w[keep].sum()
    if np.unique(x).size < 2:
        raise ValueError("a density needs at least two distinct values")
    mean = (x * w).sum()
    std = np.sqrt((w * (x - mean) ** 2).sum() / (1 - (w ** 2).sum()))
    bw = std * x.size ** (-1 / 5) * bandwidth
    low, high = x.min() - cut * bw, x.max() + cut * bw
    if clip is not None:
        low, high = max(low, clip[0]), min(high, clip[1])
    grid = np.linspace(low, high, points)
    density = (w[None, :] * np.exp(-0.5 * ((grid[:, None] - x[None, :]) / bw) ** 2)).sum(axis=1)
    return grid, density / (bw * np.sqrt(2 * np.pi))


def histogram_with_curve(values, stat="count", bins=None, bandwidth=1.0, points=200, weights=None) -> dict:
    heights, edges = bar_heights(values, stat=stat, bins=bins, weights=weights)
    grid, density = density_curve(values, bandwidth=bandwidth, points=points, weights=weights)
    scale = (heights * np.diff(edges)).sum()
    return {"heights": heights, "edges": edges, "grid": grid, "curve": density * scale}


def step_quantiles(values, shares, weights=None) -> list:
    x, _ = cumulative_steps(values, weights=weights)
    if any(not 0 <= share <= 1 for share in shares):
        raise ValueError("shares lie between 0 and 1")
    return [float(q) for q in np.quantile(x[1:], shares)]
