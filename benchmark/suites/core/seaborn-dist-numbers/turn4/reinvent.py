"""Where a distribution's mass sits: the region seaborn shades, and the peaks of its plots."""

import numpy as np

from dist_numbers.curve import density_curve, histogram_with_curve


def density_region(values, mass=0.95, bandwidth=1.0, cut=3, points=200, weights=None) -> list:
    """(low, high) grid intervals of the region holding ``mass`` of the curve, as seaborn shades it."""
    if not 0 < mass <= 1:
        raise ValueError("mass lies in (0, 1]")
    grid, density = density_curve(values, bandwidth=bandwidth, cut=cut, points=points, weights=weights)
    isoprop = np.asarray(1 - mass)
    values = np.ravel(density)
    sorted_values = np.sort(values)[::-1]
    normalized_values = np.cumsum(sorted_values) / values.sum()
    idx = np.searchsorted(normalized_values, 1 - isoprop)
    level = np.take(sorted_values, idx, mode="clip")
    inside = (density >= level).astype(int)
    # a run of points inside starts where the padded flags step up and ends before they step down
    changes = np.flatnonzero(np.diff(np.concatenate([[0], inside, [0]])))
    starts, stops = changes[::2], changes[1::2] - 1
    return [(float(grid[start]), float(grid[stop])) for start, stop in zip(starts, stops)]


def peak_summary(values, stat="count", bins=None, bandwidth=1.0, points=200, weights=None) -> dict:
    """The tallest bar of seaborn's histogram and the top of the curve laid over it."""
    drawn = histogram_with_curve(values, stat=stat, bins=bins, bandwidth=bandwidth, points=points, weights=weights)
    heights, edges = drawn["heights"], drawn["edges"]
    tallest = int(np.argmax(heights))
    top = int(np.argmax(drawn["curve"]))
    return {
        "bar": (float(edges[tallest]), float(edges[tallest + 1])),
        "bar_height": float(heights[tallest]),
        "curve_peak": float(drawn["grid"][top]),
        "curve_height": float(drawn["curve"][top]),
    }
