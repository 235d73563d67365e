"""Routes from depots when some roads pay a rebate (a negative cost), and loops that pay."""

from collections import deque

import networkx as nx
from networkx.algorithms.shortest_paths.generic import _build_paths_from_predecessors
from networkx.algorithms.shortest_paths.weighted import _weight_function

from route_kit.detour import detour, route_length


def _relax(G, sources, weight, pred, dist):
    for s in sources:
        if s not in G:
            raise nx.NodeNotFound(s)
    pred_edge = {v: None for v in sources}
    recent = {v: (None, None) for v in sources}
    n, seen_count = len(G), {}
    q, in_q = deque(sources), set(sources)
    while q:
        u = q.popleft()
        in_q.remove(u)
        if all(p not in in_q for p in pred[u]):
            for v, e in G._adj[u].items():
                dist_v = dist[u] + weight(u, v, e)
                if dist_v < dist.get(v, float("inf")):
                    if v in recent[u]:
                        pred[v].append(u)
                        return v
                    recent[v] = recent[u] if pred_edge.get(v) == u else (u, v)
                    if v not in in_q:
                        q.append(v)
                        in_q.add(v)
                        seen_count[v] = seen_count.get(v, 0) + 1
                        if seen_count[v] == n:
                            return v
                    dist[v], pred[v], pred_edge[v] = dist_v, [u], u
                elif dist.get(v) is not None and dist_v == dist[v]:
                    pred[v].append(u)
    return None


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
    dist = {depot: 0 for depot in depots}
    try:
        if _relax(G, depots, _weight_function(G, weight), pred, dist) is not None:
            raise nx.NetworkXUnbounded("negative loop")
    except nx.NetworkXUnbounded as error:
        raise ValueError("a loop of roads with a negative total cost is reachable") from error
    return {stop: (dist[stop], next(_build_paths_from_predecessors(set(depots), stop, pred))) for stop in dist}


def rebate_loop(G, weight="cost"):
    """``(stops, cost)`` of a loop of roads whose total cost is negative, the first stop
    repeated at the end, the one networkx detects first when it searches from every stop at
    once; None when there is none."""
    if G.number_of_nodes() == 0:
        return None
    stops = list(G)
    pred = {stop: [] for stop in stops}
    hit = _relax(G, stops, _weight_function(G, weight), pred, {stop: 0 for stop in stops})
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
