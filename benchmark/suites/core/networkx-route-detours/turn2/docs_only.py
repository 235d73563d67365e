"""Written from the networkx documentation only (single_source_bellman_ford from
a joined source, find_negative_cycle).

Routes from depots when some roads pay a rebate (a negative cost), and loops that pay."""

import networkx as nx

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
    H = G.to_directed() if not G.is_directed() else G.copy()
    start = object()
    H.add_edges_from(((start, depot, {weight: 0}) for depot in depots))
    try:
        dist, paths = nx.single_source_bellman_ford(H, start, weight=weight)
    except nx.NetworkXUnbounded as error:
        raise ValueError("a loop of roads with a negative total cost is reachable") from error
    return {stop: (dist[stop], paths[stop][1:]) for stop in dist if stop is not start}


def rebate_loop(G, weight="cost"):
    """``(stops, cost)`` of a loop of roads whose total cost is negative, the first stop
    repeated at the end, the one networkx detects first when it searches from every stop at
    once; None when there is none."""
    if G.number_of_nodes() == 0:
        return None
    for stop in G:
        try:
            loop = nx.find_negative_cycle(G, stop, weight=weight)
        except nx.NetworkXError:
            continue
        return loop, route_length(G, loop, weight)
    return None


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
