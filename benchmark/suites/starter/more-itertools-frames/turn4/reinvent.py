from itertools import chain

from more_itertools import consume, windowed

from more_itertools_frames.patterns import find_pattern

_OUTSIDE = object()


def rewrite_code(code, pattern, substitute, limit=None):
    target = tuple(pattern)
    starts = []
    for start in find_pattern(code, pattern):
        if limit is not None and len(starts) >= limit:
            break
        if not starts or start >= starts[-1] + len(target):
            starts.append(start)
    size = len(target)
    windows = windowed(chain(code, [_OUTSIDE] * (size - 1)), size)
    out = []
    done = 0
    for window in windows:
        if window == target and (limit is None or done < limit):
            done += 1
            out.extend(substitute)
            consume(windows, size - 1)
            continue
        if window and window[0] is not _OUTSIDE:
            out.append(window[0])
    return "".join(out), starts
