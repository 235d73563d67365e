"""Sweep routes: drive every street of a district exactly once."""

import networkx as nx
from networkx.algorithms.euler import _find_path_start
from networkx.utils import arbitrary_element


def _simple(G) -> None:
    """Refuse the networks this module does not handle: parallel streets."""
    if G.is_multigraph():
        raise ValueError("parallel streets are handled by the multi-lane planner")


def route_start(G):
    """The site networkx starts a sweep from (driving every street once), or None when no such
    sweep exists."""
    if nx.is_empty(G) and len(G) == 0:
        return None
    if not nx.has_eulerian_path(G):
        return None
    return _find_path_start(G)


def sweep_legs(G, source=None) -> list:
    """The legs of networkx's sweep walk from ``source`` (default: ``route_start(G)``, else the
    first site), in the order the walk hands them back; ``G`` is not changed."""
    _simple(G)
    if len(G) == 0:
        return []
    if source is None:
        source = route_start(G)
        if source is None:
            source = next(iter(G))
    if source not in G:
        raise ValueError(f"unknown site {source!r}")
    H = G.copy()
    degree, streets = (H.out_degree, H.out_edges) if H.is_directed() else (H.degree, H.edges)
    stack, last, legs = [source], None, []
    while stack:
        here = stack[-1]
        if degree(here) == 0:
            if last is not None:
                legs.append((last, here))
            last = here
            stack.pop()
        else:
            _, there = arbitrary_element(streets(here))
            stack.append(there)
            H.remove_edge(here, there)
    return legs


def sweep_route(G) -> list:
    """The streets in driving order of a sweep that drives each street once, from
    ``route_start(G)``; ``ValueError`` when there is none."""
    _simple(G)
    start = route_start(G)
    if start is None:
        raise ValueError("no sweep drives every street exactly once")
    return [(v, u) for u, v in reversed(sweep_legs(G, start))]


def sweep_summary(G, weight: str = "length") -> dict:
    """``{"start", "route", "length", "closed"}``: the sweep of ``sweep_route``, the total of
    its streets' ``weight`` (1 when missing) and whether it ends where it starts."""
    route = sweep_route(G)
    if not route:
        return {"start": route_start(G), "route": [], "length": 0, "closed": True}
    return {
        "start": route[0][0],
        "route": route,
        "length": sum(G.edges[u, v].get(weight, 1) for u, v in route),
        "closed": route[0][0] == route[-1][1],
    }
