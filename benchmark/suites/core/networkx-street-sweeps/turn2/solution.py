"""Multi-lane streets (parallel edges) and the loops of a district."""

import networkx as nx
from networkx.algorithms.cycles import _undirected_cycle_search
from networkx.algorithms.euler import _multigraph_eulerian_circuit

from sweep.routes import route_start, sweep_legs, sweep_route


def _lanes(G):
    """``G`` as a network of lanes (a multigraph of the same direction)."""
    return G.copy() if G.is_multigraph() else (nx.MultiDiGraph(G) if G.is_directed() else nx.MultiGraph(G))


def lane_legs(G, source=None) -> list:
    """The legs ``(u, v, key)`` of networkx's sweep walk over every lane, in the order the walk
    reports them, from ``source`` (default: turn 1's ``route_start``, else the first site)."""
    H = _lanes(G)
    if len(H) == 0:
        return []
    if source is None:
        source = route_start(H)
        if source is None:
            source = next(iter(H))
    if source not in H:
        raise ValueError(f"unknown site {source!r}")
    return list(_multigraph_eulerian_circuit(H, source))


def lane_route(G) -> list:
    """The lanes ``(u, v, key)`` in driving order of a sweep that drives each lane once."""
    start = route_start(G)
    if start is None:
        if len(G) and G.number_of_edges() == 0:
            return []
        raise ValueError("no sweep drives every lane exactly once")
    return [(v, u, k) for u, v, k in reversed(lane_legs(G, start))]


def district_loops(G, max_streets=None) -> list:
    """The loops of a two-way district (each a list of sites, no site twice, at least three
    streets), lanes and streets from a site to itself ignored, in the order networkx finds
    them; with ``max_streets``, only loops of at most that many streets."""
    if G.is_directed():
        raise ValueError("loops are searched on two-way districts")
    if max_streets is not None and max_streets < 0:
        raise ValueError("max_streets must not be negative")
    H = nx.Graph((u, v) for u, v in G.edges() if u != v)
    return [list(loop) for loop in _undirected_cycle_search(H, max_streets)]


def lanes_summary(G) -> dict:
    """``{"start", "route", "streets", "loops"}``: turn 1's start, the lane route, the legs of
    turn 1's walk over the streets with lanes merged, and the number of loops."""
    streets = nx.Graph(G) if not G.is_directed() else nx.DiGraph(G)
    return {
        "start": route_start(G),
        "route": lane_route(G),
        "streets": sweep_legs(streets),
        "loops": len(district_loops(G)) if not G.is_directed() else None,
    }
