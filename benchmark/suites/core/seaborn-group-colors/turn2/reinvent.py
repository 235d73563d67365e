"""The colour of every group of a column, and the tone of text written on a colour."""

import matplotlib as mpl
import numpy as np
from matplotlib.colors import to_rgba

from seaborn._base import HueMapping, VectorPlotter

from group_colors.levels import level_order, value_kind


def _plain(level):
    return level.item() if isinstance(level, np.generic) else level


def level_colors(values, scheme=None, order=None) -> dict:
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
    red, green, blue, alpha = to_rgba(color)
    seen = np.array([red, green, blue]) * alpha + (1 - alpha)
    rgb = mpl.colors.colorConverter.to_rgba_array(seen)[:, :3]
    rgb = np.where(rgb <= .03928, rgb / 12.92, ((rgb + .055) / 1.055) ** 2.4)
    lum = rgb.dot([.2126, .7152, .0722])
    try:
        lum = lum.item()
    except ValueError:
        pass
    return "dark" if lum > .408 else "light"
