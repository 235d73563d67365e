from itertools import compress, count, starmap

from more_itertools import windowed

from more_itertools_frames.activity import activity_code

_OUTSIDE = object()


def find_pattern(code, pattern):
    target = tuple(pattern)
    if len(target) < 1:
        raise ValueError("pattern must not be empty")
    windows = windowed(code, len(target), fillvalue=_OUTSIDE)
    return list(compress(count(), starmap(lambda *window: window == target, windows)))


def find_activity(samples, size, threshold, pattern, hop=1, context=1):
    return find_pattern(activity_code(samples, size, threshold, hop, context), pattern)
