from more_itertools import windowed


def frames(samples, size, hop=1, pad=0):
    return list(windowed(samples, size, fillvalue=pad, step=hop))


def frame_energy(samples, size, hop=1, pad=0):
    return [sum(value * value for value in frame) for frame in frames(samples, size, hop, pad)]
