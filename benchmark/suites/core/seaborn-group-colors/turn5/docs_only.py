"""Written from seaborn's public documentation only: lineplot's style and
dashes parameters ("dashes: boolean, list, or dictionary. Object determining
how to draw the lines for different levels of the style variable. Setting to
True will use default dash codes"), read as matplotlib's named line styles
in order, the first solid."""

from html import escape

from matplotlib.lines import Line2D

from group_colors.levels import level_order, value_kind
from group_colors.swatches import box_swatches, density_shades

ROW = 20
TEXT = {"dark": "#262626", "light": "#ffffff"}
STYLES = ["-", "--", ":", "-."]


def _line_patterns(values, order):
    if value_kind(values) == "empty":
        return {}
    patterns = {}
    for index, level in enumerate(level_order(values, order)):
        line = Line2D([], [], linestyle=STYLES[index % len(STYLES)], linewidth=1)
        offset, dashes = line._unscaled_dash_pattern
        patterns[str(level)] = tuple(dashes) if dashes else ""
    return patterns


def svg_legend(values, scheme=None, order=None, saturation=0.75, shades=4) -> str:
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
        for step, shade in enumerate(density_shades(line["fill"], shades)):
            parts.append(f'<rect x="{60 + 10 * step}" y="{top + 2}" width="10" height="16" fill="{shade}"/>')
        dashes = patterns.get(box["label"], "")
        dash = f' stroke-dasharray="{",".join(f"{d:g}" for d in dashes)}"' if dashes else ""
        x = 64 + 10 * shades
        parts.append(f'<line x1="{x}" y1="{top + 10}" x2="{x + 32}" y2="{top + 10}" stroke="{line["fill"]}"{dash}/>')
    parts.append("</svg>")
    return "\n".join(parts)
