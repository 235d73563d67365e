"""The colour of every group of a column, and the tone of text written on a colour."""

import numpy as np
from matplotlib.colors import to_rgba

from seaborn._base import HueMapping, VectorPlotter
from seaborn.utils import relative_luminance

from group_colors.levels import level_order, value_kind


def _plain(level):
    return level.item() if isinstance(level, np.generic) else level


def level_colors(values, scheme=None, order=None) -> dict:
    """Level -> (r, g, b) as seaborn colours the groups of ``values``."""
    if value_kind(values, binary_as="category") == "empty":
        return {}
    plotter = VectorPlotter()
    plotter.assign_variables(variables={"x": values, "hue": values})
    mapping = HueMapping(plotter, palette=scheme, order=order)
    table = {_plain(level): color for level, color in mapping.lookup_table.items()}
    if mapping.map_type == "numeric":
        levels = level_order(values)
    else:
        levels = level_order(values, order)
    return {level: tuple(float(c) for c in to_rgba(table[level])[:3]) for level in levels}


def text_tone(color) -> str:
    """"dark" or "light": the text seaborn writes on a cell of this colour."""
    red, green, blue, alpha = to_rgba(color)
    seen = np.array([red, green, blue]) * alpha + (1 - alpha)
    return "dark" if relative_luminance(seen) > .408 else "light"
