"""A stand-alone SVG legend: box swatch, density shades and line style per group."""

from html import escape

import numpy as np
from matplotlib.colors import to_hex

from seaborn._base import StyleMapping, VectorPlotter
from seaborn.distributions import _DistributionPlotter

from group_colors.levels import value_kind
from group_colors.swatches import box_swatches

ROW = 20
TEXT = {"dark": "#262626", "light": "#ffffff"}


def _line_patterns(values, order):
    """Label -> dash pattern seaborn gives each group used as the line style."""
    if value_kind(values) == "empty":
        return {}
    plotter = VectorPlotter()
    plotter.assign_variables(variables={"x": values, "style": values})
    styles = StyleMapping(plotter, markers=False, dashes=True, order=order)
    return {str(level): styles.lookup_table[level]["dashes"] for level in styles.levels}


def svg_legend(values, scheme=None, order=None, saturation=0.75, shades=4) -> str:
    """The legend of a plot coloured (and line-styled) by ``values``, as an SVG document."""
    boxes = box_swatches(values, scheme, order, saturation)
    plain = box_swatches(values, scheme, order, saturation=1)
    patterns = _line_patterns(values, order)
    width = 60 + 10 * shades + 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{ROW * len(boxes)}">']
    for row, (box, line) in enumerate(zip(boxes, plain)):
        top = row * ROW
        parts.append(
            f'<rect x="0" y="{top + 2}" width="56" height="16" fill="{box["fill"]}" stroke="{box["edge"]}"/>'
            f'<text x="28" y="{top + 14}" text-anchor="middle" fill="{TEXT[box["text"]]}">{escape(box["label"])}</text>'
        )
        cmap = _DistributionPlotter._cmap_from_color(None, line["fill"])
        for step, shade in enumerate(to_hex(c) for c in cmap(np.linspace(0, 1, shades))):
            parts.append(f'<rect x="{60 + 10 * step}" y="{top + 2}" width="10" height="16" fill="{shade}"/>')
        dashes = patterns.get(box["label"], "")
        dash = f' stroke-dasharray="{",".join(f"{d:g}" for d in dashes)}"' if dashes else ""
        x = 64 + 10 * shades
        parts.append(f'<line x1="{x}" y1="{top + 10}" x2="{x + 32}" y2="{top + 10}" stroke="{line["fill"]}"{dash}/>')
    parts.append("</svg>")
    return "\n".join(parts)
