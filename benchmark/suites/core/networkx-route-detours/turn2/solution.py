"""Routes from depots when some roads pay a rebate (a negative cost), and loops that pay."""

import networkx as nx
from networkx.algorithms.shortest_paths.weighted import _bellman_ford, _inner_bellman_ford, _weight_function

from route_kit.detour import detour, route_length


def depot_routes(G, depots, weight="cost") -> dict:
    """Every stop reachable from a depot mapped to ``(cost, route)``, the route from its
    cheapest depot as networkx's Bellman-Ford search from all depots at once gives it."""
    depots = list(dict.fromkeys(depots))
    for depot in depots:
        if not G.has_node(depot):
            raise KeyError(depot)
    if not depots:
        return {}
    pred = {depot: [] for depot in depots}
    paths = {}
    try:
        dist = _bellman_ford(G, depots, _weight_function(G, weight), pred=pred, paths=paths)
    except nx.NetworkXUnbounded as error:
        raise ValueError("a loop of roads with a negative total cost is reachable") from error
    return {stop: (dist[stop], paths[stop]) for stop in dist}


def rebate_loop(G, weight="cost"):
    """``(stops, cost)`` of a loop of roads whose total cost is negative, the first stop
    repeated at the end, the one networkx detects first when it searches from every stop at
    once; None when there is none."""
    if G.number_of_nodes() == 0:
        return None
    stops = list(G)
    pred = {stop: [] for stop in stops}
    hit = _inner_bellman_ford(G, stops, _weight_function(G, weight), pred=pred, dist={stop: 0 for stop in stops})
    if hit is None:
        return None
    walk, stop = [], hit
    while stop not in walk:
        walk.append(stop)
        stop = pred[stop][-1]
    loop = walk[walk.index(stop):][::-1]
    loop.append(loop[0])
    return loop, route_length(G, loop, weight)


def rebate_savings(G, depots, weight="cost") -> dict:
    """For each stop that ``depot_routes`` reaches from a depot other than itself: ``(depot,
    cost, saving)``: its cheapest depot, the cost with rebates, and how much less that is than
    turn 1's shortest route from the same depot with every rebate counted as 0."""
    def no_rebate(u, v, data):
        return max(route_length(G, [u, v], weight), 0)

    savings = {}
    for stop, (cost, route) in depot_routes(G, depots, weight).items():
        if len(route) > 1:
            full, _ = detour(G, route[0], stop, weight=no_rebate)
            savings[stop] = (route[0], cost, full - cost)
    return savings
