"""Written from rich's public documentation only: table columns share the
width by their ratios, with minimum widths, and are narrowed to fit."""

from rich.cells import cell_len

from text_fold.lines import fold_lines, justify_lines


def _check(values: list[int], ratios: list[int], what: str) -> None:
    if len(values) != len(ratios):
        raise ValueError(f"{len(ratios)} ratios for {len(values)} {what}")
    if sum(ratios) <= 0 or min(ratios) < 0:
        raise ValueError("ratios must be positive in total and none negative")


def share_cells(total: int, ratios: list[int], minimums: list[int] | None = None) -> list[int]:
    _check(minimums if minimums is not None else ratios, ratios, "minimums")
    minimums = minimums or [0] * len(ratios)
    parts = [max(low, total * ratio // sum(ratios)) for ratio, low in zip(ratios, minimums)]
    parts[-1] += max(0, total - sum(parts))
    return parts


def take_cells(widths: list[int], excess: int, ratios: list[int], maximums: list[int]) -> list[int]:
    _check(widths, ratios, "widths")
    _check(maximums, ratios, "maximums")
    taken = [min(most, excess * ratio // sum(ratios)) for ratio, most in zip(ratios, maximums)]
    return [width - take for width, take in zip(widths, taken)]


def columns_text(texts: list[str], width: int, ratios: list[int] | None = None,
                 gap: int = 1, align: str = "left") -> list[str]:
    if not texts:
        return []
    ratios = ratios if ratios is not None else [1] * len(texts)
    room = width - gap * (len(texts) - 1)
    if room < len(texts):
        raise ValueError(f"{len(texts)} columns do not fit in {width} cells")
    natural = [max(cell_len(line) for line in text.split("\n")) or 1 for text in texts]
    widths = natural
    if sum(natural) > room:
        widths = take_cells(natural, sum(natural) - room, ratios, [n - 1 for n in natural])
        if sum(widths) > room or min(widths) < 1:
            widths = share_cells(room, ratios, [1] * len(texts))
    columns = [justify_lines(fold_lines(text, w), w, align) for text, w in zip(texts, widths)]
    height = max(len(column) for column in columns)
    return [(" " * gap).join(column[row] if row < len(column) else " " * w for column, w in zip(columns, widths))
            for row in range(height)]
