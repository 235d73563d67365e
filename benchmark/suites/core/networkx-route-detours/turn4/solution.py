"""Traffic leaving a depot: the load each road and each stop carries, and a load report."""

import networkx as nx
from networkx.algorithms.centrality.load import _edge_betweenness, _node_betweenness

from route_kit.far import far_stop, stop_numbers


def road_loads(G, depot, cutoff=None) -> dict:
    """Each road of ``G``, in both directions ``(u, v)`` and ``(v, u)``, mapped to what the
    traffic from ``depot`` to every stop adds to networkx's edge load of that road (over all
    stops as depots, these add up to networkx's edge load); ``cutoff`` limits the stops to
    those that many roads away."""
    if depot not in G:
        raise KeyError(depot)
    if G.is_directed():
        raise ValueError("loads are measured on two-way networks")
    return _edge_betweenness(G, depot, cutoff=False if cutoff is None else cutoff)


def stop_loads(G, depot) -> dict:
    """Each stop reachable from ``depot`` mapped to the share of the traffic from ``depot``
    to the other stops passing through it, as networkx's load measure counts it (not
    normalised; routes are shortest by number of roads)."""
    if depot not in G:
        raise KeyError(depot)
    if G.is_directed():
        raise ValueError("loads are measured on two-way networks")
    return _node_betweenness(G, depot, normalized=False)


def load_report(G, depots=None, top: int = 3) -> dict:
    """``{"depots": ..., "roads": ..., "stops": ..., "numbers": ...}``: the depots (default:
    turn 3's far stop alone), the ``top`` roads carrying the most traffic from them (each road
    as its sorted pair, both directions added, with its load, busiest first, ties in the order
    of the roads of ``G``), the ``top`` busiest stops the same way, and the turn 3 numbers of
    the two stops of each of those roads."""
    if depots is None:
        depots = [far_stop(G)]
    roads, stops = {}, {}
    for depot in depots:
        for (u, v), load in road_loads(G, depot).items():
            key = tuple(sorted((u, v)))
            roads[key] = roads.get(key, 0.0) + load
        for stop, load in stop_loads(G, depot).items():
            stops[stop] = stops.get(stop, 0.0) + load
    order = {tuple(sorted(road)): i for i, road in enumerate(G.edges())}
    busiest = sorted(roads.items(), key=lambda item: (-item[1], order[item[0]]))[:top]
    position = {stop: i for i, stop in enumerate(G)}
    crowded = sorted(stops.items(), key=lambda item: (-item[1], position[item[0]]))[:top]
    numbers = stop_numbers(G)
    return {
        "depots": list(depots),
        "roads": busiest,
        "stops": crowded,
        "numbers": [(numbers[u], numbers[v]) for (u, v), _ in busiest],
    }
