from itertools import islice, repeat

from more_itertools import chunked, flatten, interleave


def group_text(text, size=4, sep=" "):
    if size == 0:
        raise ValueError("size must be > 0")
    if size == 1:
        parts = islice(interleave(repeat(sep), text), 1, None)
    else:
        filler = repeat([sep])
        chunks = chunked(text, size)
        parts = flatten(islice(interleave(filler, chunks), 1, None))
    return "".join(parts)


def group_digits(number, sep=",", size=3):
    digits = str(abs(number))
    grouped = group_text(digits[::-1], size, sep[::-1])[::-1]
    return "-" + grouped if number < 0 else grouped
