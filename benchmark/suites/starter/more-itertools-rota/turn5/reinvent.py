import math

from more_itertools import nth, sieve
from more_itertools.more import _nth_prime_ub

from more_itertools_rota.blocks import consecutive_teams


def member_primes(staff):
    primes = {}
    for index, member in enumerate(dict.fromkeys(staff)):
        limit = math.ceil(_nth_prime_ub(index + 1))
        primes[member] = nth(sieve(limit), index)
    return primes


def team_signature(team, staff):
    primes = member_primes(staff)
    return math.prod(primes[member] for member in team)


def block_signatures(order, size):
    order = list(order)
    return [team_signature(team, order) for team in consecutive_teams(order, size)]
