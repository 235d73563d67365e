"""Written from seaborn's public documentation only: boxplot's saturation
("Proportion of the original saturation to draw fill colors in", default .75)
and desaturate(); for a bivariate histplot/kdeplot drawn with one color, "a
sequential colormap" made from it, which the palette tutorial builds with
light_palette(color, as_cmap=True)."""

import numpy as np
from matplotlib.colors import to_hex

import seaborn as sns

from group_colors.legend import legend_rows, outline_color
from group_colors.mapping import text_tone


def box_swatches(values, scheme=None, order=None, saturation=0.75, edge=None) -> list:
    if edge is None:
        edge = outline_color(values, scheme, order)
    else:
        edge = to_hex(edge)
    swatches = []
    for label, color, _ in legend_rows(values, scheme, order):
        fill = to_hex(sns.desaturate(color, saturation))
        swatches.append({"label": label, "fill": fill, "edge": edge, "text": text_tone(fill)})
    return swatches


def density_shades(color, steps=5) -> list:
    if steps < 1:
        raise ValueError("steps must be at least 1")
    cmap = sns.light_palette(color, as_cmap=True)
    return [to_hex(shade) for shade in cmap(np.linspace(0, 1, steps))]
