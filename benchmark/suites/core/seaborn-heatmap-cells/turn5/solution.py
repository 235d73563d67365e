"""The heatmap as an HTML table, side colour bars included."""

import html

import matplotlib as mpl
import numpy as np

from seaborn.matrix import ClusterGrid

from heat_cells.colors import cell_labels
from heat_cells.sidebars import scaled_cells, side_colors
from heat_cells.ticks import tick_labels

TONES = {"dark": "#262626", "light": "#ffffff"}


def side_codes(data, colors, axis=0) -> tuple:
    """(codes, palette): each side bar entry as the index of its colour in clustermap's side map."""
    bars, _ = side_colors(data, colors, axis=axis)
    if not bars:
        return [], []
    rgb = [[mpl.colors.to_rgb(c) for c in bar] for bar in bars]
    order = list(range(len(rgb[0])))
    matrix, cmap = ClusterGrid.color_list_to_matrix_and_cmap(rgb if len(rgb) > 1 else rgb[0], order, axis=1)
    palette = [mpl.colors.to_hex(c) for c in cmap.colors]
    return [list(map(int, row)) for row in np.asarray(matrix)], palette


def _cell(color, code=None, text=None, tone=None):
    if color is None:
        return "<td></td>"
    style = f"background:{color}" + ("" if text is None else f";color:{TONES[tone]}")
    data = "" if code is None else f' data-code="{code}"'
    return f'<td style="{style}"{data}>{"" if text is None else html.escape(text)}</td>'


def heatmap_html(data, annot=False, fmt=".2g", zscore=None, scale=None, row_colors=None,
                 col_colors=None, cmap=None, center=None) -> str:
    """An HTML table showing what seaborn's clustermap (no clustering) shows for these arguments."""
    cells = scaled_cells(data, zscore=zscore, scale=scale, cmap=cmap, center=center)
    frame = cells["data"]
    labels = cell_labels(frame, annot=annot, fmt=fmt, cmap=cmap, center=center)
    ticks = tick_labels(frame)
    row_bars, _ = side_colors(frame, row_colors, axis=0)
    col_bars, col_names = side_colors(frame, col_colors, axis=1)
    row_codes, _ = side_codes(frame, row_colors, axis=0)
    col_codes, _ = side_codes(frame, col_colors, axis=1)
    lines = ["<table>", "<tr><th></th>" + "<th></th>" * len(row_bars)
             + "".join(f"<th>{html.escape(label)}</th>" for _, label in ticks["x"]) + "</tr>"]
    for k, bar in enumerate(col_bars):
        name = "" if col_names is None else html.escape(str(col_names[k]))
        lines.append(f"<tr><th>{name}</th>" + "<td></td>" * len(row_bars)
                     + "".join(_cell(c, col_codes[k][j]) for j, c in enumerate(bar)) + "</tr>")
    for i, (_, label) in enumerate(ticks["y"]):
        side = "".join(_cell(bar[i], row_codes[k][i]) for k, bar in enumerate(row_bars))
        body = "".join(_cell(color, None, *(labels[i][j] or (None, None)))
                       for j, color in enumerate(cells["colors"][i]))
        lines.append(f"<tr><th>{html.escape(label)}</th>{side}{body}</tr>")
    lines.append("</table>")
    return "\n".join(lines)
