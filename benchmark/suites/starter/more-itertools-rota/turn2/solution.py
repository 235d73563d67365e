from more_itertools import circular_shifts

from more_itertools_rota.orders import shift_orders


def rotations(order, steps=1):
    return list(circular_shifts(order, steps))


def round_orders(staff):
    kept, seen = [], set()
    for order in shift_orders(staff):
        if order not in seen:
            kept.append(order)
            seen.update(rotations(order))
    return kept
