from more_itertools import adjacent, consecutive_groups

from more_itertools_frames.framing import frame_energy


def activity_code(samples, size, threshold, hop=1, context=1):
    energies = frame_energy(samples, size, hop)
    marks = adjacent(lambda energy: energy >= threshold, energies, distance=context)
    return "".join("#" if active else "." for active, _ in marks)


def active_spans(samples, size, threshold, hop=1, context=1):
    code = activity_code(samples, size, threshold, hop, context)
    active = (index for index, mark in enumerate(code) if mark == "#")
    return [(run[0], run[-1]) for run in map(list, consecutive_groups(active))]
