from itertools import chain, islice, repeat

from more_itertools_frames.rewrite import rewrite_code


def code_rows(code, pattern, substitute, width, fill=".", limit=None):
    if width < 1:
        raise ValueError("width must be at least 1")
    text, _ = rewrite_code(code, pattern, substitute, limit)
    iterator = iter(text)
    with_fill = chain(iterator, repeat(fill))
    cells = "".join(
        chain.from_iterable(chain((first,), islice(with_fill, width - 1)) for first in iterator)
    )
    return [cells[start : start + width] for start in range(0, len(cells), width)]
