"""Written from seaborn's public documentation only: the legend parameter
("auto", "brief", "full": "If 'brief', numeric hue and size variables will be
represented with a sample of evenly spaced values. If 'full', every group will
get an entry in the legend. If 'auto', choose between brief or full
representation based on number of levels"), and boxplot's linecolor (a grey
for the line elements when the boxes are filled)."""

import colorsys

import numpy as np
from matplotlib.colors import to_hex, to_rgb

from group_colors.levels import value_kind
from group_colors.mapping import level_colors, text_tone


def legend_rows(values, scheme=None, order=None, brief=None) -> list:
    colors = level_colors(values, scheme, order)
    if not colors:
        return []
    numeric = value_kind(values, binary_as="category") == "number" and not isinstance(scheme, (list, dict))
    if numeric and (brief is True or (brief is None and len(colors) > 6)):
        levels = sorted(colors)
        samples = np.linspace(levels[0], levels[-1], 6)
        shown = []
        for value in samples:
            nearest = min(levels, key=lambda level: abs(level - value))
            shown.append((f"{value:g}", colors[nearest]))
    else:
        shown = [(str(level), color) for level, color in colors.items()]
    return [(label, to_hex(color), text_tone(color)) for label, color in shown]


def outline_color(values, scheme=None, order=None):
    colors = level_colors(values, scheme, order)
    if not colors:
        return None
    lightness = [colorsys.rgb_to_hls(*to_rgb(c))[1] for c in colors.values()]
    grey = min(lightness) * 0.5
    return to_hex((grey, grey, grey))
