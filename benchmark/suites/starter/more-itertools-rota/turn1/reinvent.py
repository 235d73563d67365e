from collections import defaultdict
from functools import partial
from itertools import cycle


def _all_orders(items, size):
    while True:
        yield tuple(items)
        for i in range(size - 2, -1, -1):
            if items[i] < items[i + 1]:
                break
        else:
            return
        for j in range(size - 1, i, -1):
            if items[i] < items[j]:
                break
        items[i], items[j] = items[j], items[i]
        items[i + 1 :] = items[: i - size : -1]


def _partial_orders(items, r):
    head, tail = items[:r], items[r:]
    right_head_indexes = range(r - 1, -1, -1)
    left_tail_indexes = range(len(tail))
    while True:
        yield tuple(head)
        pivot = tail[-1]
        for i in right_head_indexes:
            if head[i] < pivot:
                break
            pivot = head[i]
        else:
            return
        for j in left_tail_indexes:
            if tail[j] > head[i]:
                head[i], tail[j] = tail[j], head[i]
                break
        else:
            for j in right_head_indexes:
                if head[j] > head[i]:
                    head[i], head[j] = head[j], head[i]
                    break
        tail += head[: i - r : -1]
        i += 1
        head[i:], tail[:] = tail[: r - i], tail[r - i :]


def shift_orders(staff, slots=None):
    items = list(staff)
    try:
        items.sort()
        sortable = True
    except TypeError:
        sortable = False
        groups = defaultdict(list)
        for item in items:
            groups[items.index(item)].append(item)
        indices = sorted(items.index(item) for item in items)
        equivalent = {k: cycle(v) for k, v in groups.items()}
    size = len(items)
    r = size if slots is None else slots
    if r == size:
        algorithm = partial(_all_orders, size=size)
    else:
        algorithm = partial(_partial_orders, r=r)
    if 0 < r <= size:
        if sortable:
            return list(algorithm(items))
        return [tuple(next(equivalent[index]) for index in order) for order in algorithm(indices)]
    return [] if r else [()]


def count_orders(staff, slots=None):
    return len(shift_orders(staff, slots))
