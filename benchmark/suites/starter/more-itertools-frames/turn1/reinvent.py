from collections import deque
from itertools import chain, islice


def frames(samples, size, hop=1, pad=0):
    if size < 0:
        raise ValueError("size must be >= 0")
    if size == 0:
        return [()]
    if hop < 1:
        raise ValueError("hop must be >= 1")
    iterable = iter(samples)
    window = deque(islice(iterable, size), maxlen=size)
    if not window:
        return []
    if len(window) < size:
        return [tuple(window) + (pad,) * (size - len(window))]
    result = [tuple(window)]
    padding = (pad,) * (size - 1 if hop >= size else hop - 1)
    filler = map(window.append, chain(iterable, padding))
    for _ in islice(filler, hop - 1, None, hop):
        result.append(tuple(window))
    return result


def frame_energy(samples, size, hop=1, pad=0):
    return [sum(value * value for value in frame) for frame in frames(samples, size, hop, pad)]
