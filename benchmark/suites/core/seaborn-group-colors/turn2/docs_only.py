"""Written from seaborn's public documentation only: color_palette() ("None
returns the current color cycle"; names, lists and dicts of colours), the
hue/palette parameters ("String values are passed to color_palette(). List or
dict values imply categorical mapping, while a colormap object implies numeric
mapping"), and W3C contrast guidance for the text colour."""

import numpy as np
from matplotlib.colors import Colormap, Normalize, to_rgba

import seaborn as sns

from group_colors.levels import level_order, value_kind


def level_colors(values, scheme=None, order=None) -> dict:
    kind = value_kind(values, binary_as="category")
    if kind == "empty":
        return {}
    if kind == "number" and not isinstance(scheme, (list, dict)):
        levels = level_order(values)
        cmap = scheme if isinstance(scheme, Colormap) else sns.color_palette(scheme or "rocket", as_cmap=True)
        norm = Normalize(min(levels), max(levels))
        return {level: tuple(float(c) for c in cmap(norm(level))[:3]) for level in levels}
    levels = level_order(values, order)
    if isinstance(scheme, dict):
        missing = set(levels) - set(scheme)
        if missing:
            raise ValueError(f"missing colours for {missing}")
        return {level: to_rgba(scheme[level])[:3] for level in levels}
    colors = sns.color_palette(scheme, len(levels))
    return {level: tuple(float(c) for c in colors[i % len(colors)]) for i, level in enumerate(levels)}


def _luminance(rgb):
    rgb = np.asarray(rgb)
    rgb = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return float(rgb @ [0.2126, 0.7152, 0.0722])


def text_tone(color) -> str:
    red, green, blue, alpha = to_rgba(color)
    seen = np.array([red, green, blue]) * alpha + (1 - alpha)
    lum = _luminance(seen)
    # W3C: pick the text colour with the larger contrast ratio
    return "dark" if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else "light"
