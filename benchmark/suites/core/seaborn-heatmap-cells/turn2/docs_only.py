"""Written from seaborn's public documentation only: heatmap's cmap ("If not
provided, the default will depend on whether center is set"; seaborn's
sequential "rocket" and diverging "icefire" maps), center ("The value at which
to center the colormap when plotting divergent data"), annot and fmt ("String
formatting code to use when adding annotations"), and WCAG contrast for the
text colour."""

import matplotlib as mpl
import numpy as np

import seaborn as sns

from heat_cells.cells import blank_cells, color_limits


def _paint(data, vmin, vmax, cmap, center, robust, mask):
    blank = blank_cells(data, mask).to_numpy()
    values = np.asarray(data, dtype=float)
    low, high = color_limits(data, vmin=vmin, vmax=vmax, robust=robust, mask=mask)
    if cmap is None:
        cmap = "icefire" if center is not None else "rocket"
    if isinstance(cmap, str):
        cmap = sns.color_palette(cmap, as_cmap=True)
    elif isinstance(cmap, list):
        cmap = mpl.colors.ListedColormap(cmap)
    if center is not None:
        norm = mpl.colors.TwoSlopeNorm(vcenter=center, vmin=min(low, center - 1e-9), vmax=max(high, center + 1e-9))
    else:
        norm = mpl.colors.Normalize(low, high)
    return blank, values, cmap(norm(values))


def cell_colors(data, vmin=None, vmax=None, cmap=None, center=None, robust=False, mask=None) -> list:
    blank, _, colors = _paint(data, vmin, vmax, cmap, center, robust, mask)
    return [[None if b else mpl.colors.to_hex(c, keep_alpha=False) for b, c in zip(brow, crow)]
            for brow, crow in zip(blank, colors)]


def _luminance(rgb):
    rgb = np.where(rgb <= 0.03928, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return float(rgb @ [0.2126, 0.7152, 0.0722])


def cell_labels(data, annot=True, fmt=".2g", vmin=None, vmax=None, cmap=None, center=None,
                robust=False, mask=None) -> list:
    blank, values, colors = _paint(data, vmin, vmax, cmap, center, robust, mask)
    if annot is None or annot is False:
        return [[None] * values.shape[1] for _ in range(values.shape[0])]
    texts = values if annot is True else np.asarray(annot)
    out = []
    for i in range(values.shape[0]):
        row = []
        for j in range(values.shape[1]):
            if blank[i, j]:
                row.append(None)
                continue
            lum = _luminance(np.asarray(colors[i, j][:3]))
            tone = "dark" if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else "light"
            row.append((format(texts[i, j], fmt), tone))
        out.append(row)
    return out
