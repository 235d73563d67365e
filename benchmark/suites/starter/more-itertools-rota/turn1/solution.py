from more_itertools import distinct_permutations


def shift_orders(staff, slots=None):
    return list(distinct_permutations(staff, slots))


def count_orders(staff, slots=None):
    return len(shift_orders(staff, slots))
