from more_itertools import replace

from more_itertools_frames.patterns import find_pattern


def rewrite_code(code, pattern, substitute, limit=None):
    target = tuple(pattern)
    starts = []
    for start in find_pattern(code, pattern):
        if limit is not None and len(starts) >= limit:
            break
        if not starts or start >= starts[-1] + len(target):
            starts.append(start)
    rewritten = replace(
        code, lambda *window: window == target, substitute, count=limit, window_size=len(target)
    )
    return "".join(rewritten), starts
