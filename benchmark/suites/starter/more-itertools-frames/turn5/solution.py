from more_itertools import padded

from more_itertools_frames.rewrite import rewrite_code


def code_rows(code, pattern, substitute, width, fill=".", limit=None):
    text, _ = rewrite_code(code, pattern, substitute, limit)
    cells = "".join(padded(text, fill, width, next_multiple=True))
    return [cells[start : start + width] for start in range(0, len(cells), width)]
