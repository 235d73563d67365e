"""Written from the networkx documentation only (restricted_view,
bidirectional_dijkstra, path_weight).

Routes that avoid closed stops and roads, and the length of a route as networkx weighs it."""

import networkx as nx


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
    if source in closed or target in closed:
        raise ValueError(f"no open route from {source!r} to {target!r}")
    view = nx.restricted_view(G, closed, [road for road in roads if G.has_edge(*road)] if not G.is_multigraph() else [])
    try:
        return nx.bidirectional_dijkstra(view, source, target, weight=weight)
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
    if not nx.is_path(G, route):
        raise ValueError("not a route of the network")
    if callable(weight):
        steps = [weight(u, v, G.get_edge_data(u, v)) for u, v in nx.utils.pairwise(route)]
        if None in steps:
            raise ValueError("a road of the route is hidden")
        return sum(steps)
    return nx.path_weight(G, route, weight)
