"""Routes that avoid closed stops and roads, and the length of a route as networkx weighs it."""

from heapq import heappop, heappush
from itertools import count

import networkx as nx
from networkx.algorithms.shortest_paths.weighted import _weight_function


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
        return _search(G, source, target, weight, closed, roads)
    except nx.NetworkXNoPath as error:
        raise ValueError(f"no open route from {source!r} to {target!r}") from error


def _search(G, source, target, weight, closed, roads):
    if source in closed or target in closed:
        raise nx.NetworkXNoPath(source, target)
    if source == target:
        if source not in G:
            raise nx.NodeNotFound(source)
        return (0, [source])
    succ, pred = (G.successors, G.predecessors) if G.is_directed() else (G.neighbors, G.neighbors)

    def forward(v):
        return [w for w in succ(v) if w not in closed and (v, w) not in roads]

    def backward(v):
        return [w for w in pred(v) if w not in closed and (w, v) not in roads]

    wt = _weight_function(G, weight)
    dists, paths, seen, fringe = [{}, {}], [{source: [source]}, {target: [target]}], [{source: 0}, {target: 0}], [[], []]
    c = count()
    heappush(fringe[0], (0, next(c), source))
    heappush(fringe[1], (0, next(c), target))
    finalpath, finaldist, side = [], None, 1
    while fringe[0] and fringe[1]:
        side = 1 - side
        dist, _, v = heappop(fringe[side])
        if v in dists[side]:
            continue
        dists[side][v] = dist
        if v in dists[1 - side]:
            return (finaldist, finalpath)
        for w in (forward, backward)[side](v):
            step = wt(v, w, G.get_edge_data(v, w)) if side == 0 else wt(w, v, G.get_edge_data(w, v))
            if step is None:
                continue
            length = dist + step
            if w not in dists[side] and (w not in seen[side] or length < seen[side][w]):
                seen[side][w] = length
                heappush(fringe[side], (length, next(c), w))
                paths[side][w] = paths[side][v] + [w]
                if w in seen[0] and w in seen[1]:
                    total = seen[0][w] + seen[1][w]
                    if finalpath == [] or finaldist > total:
                        finaldist, finalpath = total, paths[0][w] + paths[1][w][::-1][1:]
    raise nx.NetworkXNoPath(source, target)


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
