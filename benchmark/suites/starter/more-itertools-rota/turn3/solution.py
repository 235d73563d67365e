from more_itertools import powerset_of_sets

from more_itertools_rota.rounds import round_orders


def teams(staff, size=None):
    return [team for team in powerset_of_sets(staff) if size is None or len(team) == size]


def team_rounds(staff, size):
    staff = list(staff)
    members = list(dict.fromkeys(staff))
    result = []
    for team in teams(staff, size):
        ordered = tuple(member for member in members if member in team)
        result.append((ordered, round_orders(ordered)))
    return result
