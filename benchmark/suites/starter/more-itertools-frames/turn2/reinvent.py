from itertools import chain, groupby, tee
from operator import itemgetter

from more_itertools import windowed

from more_itertools_frames.framing import frame_energy


def activity_code(samples, size, threshold, hop=1, context=1):
    if context < 0:
        raise ValueError("context must be at least 0")
    energies = frame_energy(samples, size, hop)
    i1, i2 = tee(energies)
    padding = [False] * context
    selected = chain(padding, map(lambda energy: energy >= threshold, i1), padding)
    near_selected = map(any, windowed(selected, 2 * context + 1))
    return "".join("#" if active else "." for active, _ in zip(near_selected, i2))


def active_spans(samples, size, threshold, hop=1, context=1):
    code = activity_code(samples, size, threshold, hop, context)
    active = [index for index, mark in enumerate(code) if mark == "#"]
    spans = []
    for _, group in groupby(enumerate(active), key=lambda x: x[0] - x[1]):
        run = list(map(itemgetter(1), group))
        spans.append((run[0], run[-1]))
    return spans
