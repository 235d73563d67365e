"""Written from seaborn's public documentation only: kdeplot's levels and
thresh ("Levels correspond to iso-proportions of the density: e.g., 20% of the
probability mass will lie below the contour drawn for 0.2"; "Lowest
iso-proportion level at which to draw a contour line"), read as the highest
density region holding `mass` of the curve's area."""

import numpy as np

from dist_numbers.curve import density_curve, histogram_with_curve


def density_region(values, mass=0.95, bandwidth=1.0, cut=3, points=200, weights=None) -> list:
    if not 0 < mass <= 1:
        raise ValueError("mass lies in (0, 1]")
    grid, density = density_curve(values, bandwidth=bandwidth, cut=cut, points=points, weights=weights)
    # area of each grid point (trapezoid rule) decides how much mass it carries
    step = np.gradient(grid)
    step[0] /= 2
    step[-1] /= 2
    area = density * step
    order = np.argsort(density)[::-1]
    held = np.cumsum(area[order]) / area.sum()
    level = density[order][min(np.searchsorted(held, mass), len(order) - 1)]
    inside = density >= level
    intervals, start = [], None
    for index, flag in enumerate(inside):
        if flag and start is None:
            start = index
        if start is not None and (not flag or index == len(inside) - 1):
            stop = index if flag else index - 1
            intervals.append((float(grid[start]), float(grid[stop])))
            start = None
    return intervals


def peak_summary(values, stat="count", bins=None, bandwidth=1.0, points=200, weights=None) -> dict:
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
