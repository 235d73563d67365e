"""Box-plot swatches for the legend table, and the shades of a group's density."""

import numpy as np
from matplotlib.colors import to_hex

from seaborn.distributions import _DistributionPlotter
from seaborn.utils import desaturate

from group_colors.legend import legend_rows, outline_color
from group_colors.mapping import text_tone


def box_swatches(values, scheme=None, order=None, saturation=0.75, edge=None) -> list:
    """One dict per legend entry: label, box fill, box edge and text tone on the fill."""
    if edge is None:
        edge = outline_color(values, scheme, order)
    else:
        edge = to_hex(edge)
    swatches = []
    for label, color, _ in legend_rows(values, scheme, order):
        fill = to_hex(desaturate(color, saturation))
        swatches.append({"label": label, "fill": fill, "edge": edge, "text": text_tone(fill)})
    return swatches


def density_shades(color, steps=5) -> list:
    """``steps`` "#rrggbb" shades, lowest density first, of the map seaborn seeds with ``color``."""
    if steps < 1:
        raise ValueError("steps must be at least 1")
    cmap = _DistributionPlotter._cmap_from_color(None, color)
    return [to_hex(shade) for shade in cmap(np.linspace(0, 1, steps))]
