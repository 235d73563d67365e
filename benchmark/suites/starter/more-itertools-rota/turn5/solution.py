from math import prod

from more_itertools import nth_prime

from more_itertools_rota.blocks import consecutive_teams


def member_primes(staff):
    return {member: nth_prime(index) for index, member in enumerate(dict.fromkeys(staff))}


def team_signature(team, staff):
    primes = member_primes(staff)
    return prod(primes[member] for member in team)


def block_signatures(order, size):
    order = list(order)
    return [team_signature(team, order) for team in consecutive_teams(order, size)]
