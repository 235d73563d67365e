from itertools import combinations, repeat, starmap
from operator import getitem

from more_itertools_rota.teams import teams


def shift_blocks(order, max_len=None):
    seq = list(order)
    slices = starmap(slice, combinations(range(len(seq) + 1), 2))
    blocks = map(getitem, repeat(seq), slices)
    return [block for block in blocks if max_len is None or len(block) <= max_len]


def consecutive_teams(order, size):
    order = list(order)
    worked = {frozenset(block) for block in shift_blocks(order, size) if len(block) == size}
    return [team for team in teams(order, size) if frozenset(team) in worked]
