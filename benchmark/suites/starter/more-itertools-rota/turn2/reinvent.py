import math
from collections import deque
from itertools import repeat

from more_itertools_rota.orders import shift_orders


def rotations(order, steps=1):
    buffer = deque(order)
    if steps == 0:
        raise ValueError("steps must not be zero")
    buffer.rotate(steps)
    steps = -steps
    n = len(buffer) // math.gcd(len(buffer), steps)
    result = []
    for _ in repeat(None, n):
        buffer.rotate(steps)
        result.append(tuple(buffer))
    return result


def round_orders(staff):
    kept, seen = [], set()
    for order in shift_orders(staff):
        if order not in seen:
            kept.append(order)
            seen.update(rotations(order))
    return kept
