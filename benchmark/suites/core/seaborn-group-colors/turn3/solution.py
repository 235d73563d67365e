"""Legend entries for a colouring column, and the grey of box outlines."""

from types import SimpleNamespace

from matplotlib.colors import to_hex
from matplotlib.ticker import MaxNLocator

from seaborn._base import HueMapping, VectorPlotter
from seaborn.categorical import _CategoricalPlotter
from seaborn.utils import locator_to_legend_entries

from group_colors.mapping import level_colors, text_tone

BRIEF_TICKS = 6


def legend_rows(values, scheme=None, order=None, brief=None) -> list:
    """(label, "#rrggbb", text tone) for each entry of seaborn's legend."""
    colors = level_colors(values, scheme, order)
    if not colors:
        return []
    plotter = VectorPlotter()
    plotter.assign_variables(variables={"x": values, "hue": values})
    mapping = HueMapping(plotter, palette=scheme, order=order)
    shortened = brief is True or (brief is None and len(colors) > BRIEF_TICKS)
    if mapping.map_type == "numeric" and shortened:
        limits = min(colors), max(colors)
        dtype = plotter.plot_data["hue"].infer_objects().dtype
        ticks, labels = locator_to_legend_entries(MaxNLocator(nbins=BRIEF_TICKS), limits, dtype)
        shown = [(label, mapping._lookup_single(tick)) for tick, label in zip(ticks, labels)]
    else:
        shown = [(str(level), color) for level, color in colors.items()]
    return [(label, to_hex(color), text_tone(color)) for label, color in shown]


def outline_color(values, scheme=None, order=None):
    """"#rrggbb" of the grey seaborn draws box outlines in for this colouring; None without data."""
    colors = level_colors(values, scheme, order)
    if not colors:
        return None
    grey = _CategoricalPlotter._complement_color(None, "auto", None, SimpleNamespace(lookup_table=colors))
    return to_hex(grey)
