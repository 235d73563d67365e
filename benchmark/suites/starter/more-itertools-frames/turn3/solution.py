from more_itertools import locate

from more_itertools_frames.activity import activity_code


def find_pattern(code, pattern):
    target = tuple(pattern)
    return list(locate(code, lambda *window: window == target, window_size=len(target)))


def find_activity(samples, size, threshold, pattern, hop=1, context=1):
    return find_pattern(activity_code(samples, size, threshold, hop, context), pattern)
