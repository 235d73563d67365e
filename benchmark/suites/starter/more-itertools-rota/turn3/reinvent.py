from itertools import chain, combinations, starmap

from more_itertools_rota.rounds import round_orders


def teams(staff, size=None):
    singles = tuple(dict.fromkeys(map(frozenset, zip(staff))))
    every = chain.from_iterable(
        starmap(set().union, combinations(singles, r)) for r in range(len(singles) + 1)
    )
    return [team for team in every if size is None or len(team) == size]


def team_rounds(staff, size):
    staff = list(staff)
    members = list(dict.fromkeys(staff))
    result = []
    for team in teams(staff, size):
        ordered = tuple(member for member in members if member in team)
        result.append((ordered, round_orders(ordered)))
    return result
