"""Routes that avoid closed stops and roads, and the length of a route as networkx weighs it."""

import networkx as nx
from networkx.algorithms.shortest_paths.weighted import _weight_function
from networkx.algorithms.simple_paths import _bidirectional_dijkstra


def _closed_roads(G, closed_roads):
    """The closed roads as pairs; a two-way road is closed both ways."""
    roads = set()
    for road in closed_roads:
        u, v = tuple(road)[:2]
        roads.add((u, v))
        if not G.is_directed():
            roads.add((v, u))
    return roads


def detour(G, source, target, closed_stops=(), closed_roads=(), weight="length") -> tuple:
    """``(length, route)``: the shortest route from ``source`` to ``target`` that passes no
    closed stop and uses no closed road, the one networkx's two-ended search finds."""
    for stop in (source, target):
        if not G.has_node(stop):
            raise KeyError(stop)
    closed = set(closed_stops)
    roads = _closed_roads(G, closed_roads)
    try:
        return _bidirectional_dijkstra(
            G, source, target, weight=weight, ignore_nodes=closed or None, ignore_edges=roads or None
        )
    except nx.NetworkXNoPath as error:
        raise ValueError(f"no open route from {source!r} to {target!r}") from error


def route_length(G, route, weight="length"):
    """The length of ``route`` (a list of stops) as networkx weighs each of its roads: the
    shortest of parallel roads, 1 for a road without the attribute, ``weight`` called as
    ``weight(u, v, data)`` when it is a function."""
    if not route:
        raise ValueError("a route has at least one stop")
    for stop in route:
        if stop not in G:
            raise KeyError(stop)
    cost = _weight_function(G, weight)
    total = 0
    for u, v in nx.utils.pairwise(route):
        data = G.get_edge_data(u, v)
        if data is None:
            raise ValueError(f"no road from {u!r} to {v!r}")
        step = cost(u, v, data)
        if step is None:
            raise ValueError(f"the road from {u!r} to {v!r} is hidden")
        total += step
    return total
