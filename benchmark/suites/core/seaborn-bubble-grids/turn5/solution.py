"""The bubble chart: drawn on an Axes in seaborn's default colour, and as SVG."""

import matplotlib as mpl
import numpy as np

from seaborn.utils import _default_color

from bubble_grid.sizes import cell_bubbles, size_of


def bubble_chart(ax, x, y, bins="auto", sizes=None, color=None, saturation=1.0, bw_adjust=1.0,
                 weights=None, **kws) -> str:
    """Scatter the grid's bubbles on ``ax`` and return them as an SVG document."""
    if not 0 <= saturation <= 1:
        raise ValueError("saturation lies between 0 and 1")
    try:
        bubbles = cell_bubbles(x, y, bins=bins, sizes=sizes, bw_adjust=bw_adjust, weights=weights)
    except ValueError as err:
        raise ValueError(f"no bubble to draw: {err}") from err
    if not bubbles:
        raise ValueError("no bubble to draw")
    color = _default_color(ax.scatter, None, color, kws, saturation)
    fill = mpl.colors.to_hex(color)
    xs, ys, counts, densities, areas = (np.array(column, dtype=float) for column in zip(*bubbles))
    ax.scatter(xs, ys, s=areas, color=fill, **{k: v for k, v in kws.items() if k != "label"})
    peak = densities.max()
    lines = ['<svg xmlns="http://www.w3.org/2000/svg">']
    for (bx, by, count, density, area) in bubbles:
        radius = np.sqrt(area) / 2
        opacity = density / peak if peak > 0 else 1.0
        lines.append(f'<circle cx="{bx:g}" cy="{by:g}" r="{radius:.3g}" fill="{fill}" '
                     f'fill-opacity="{opacity:.3g}"/>')
    for k, count in enumerate(sorted(set(counts))):
        radius = np.sqrt(size_of(count, sorted(set(counts)), sizes=sizes)) / 2
        lines.append(f'<text x="0" y="{12 * (k + 1)}">{count:g}: r={radius:.3g}</text>')
    lines.append("</svg>")
    return "\n".join(lines)
