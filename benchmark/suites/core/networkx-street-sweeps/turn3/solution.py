"""Loops through chosen streets, and the depots at the middle and the edge of a district."""

import networkx as nx
from networkx.algorithms.cycles import _min_cycle
from networkx.algorithms.distance_measures import _extrema_bounding

from sweep.lanes import district_loops
from sweep.routes import route_start


def _two_way(G) -> None:
    """Refuse what this module does not handle: one-way streets and parallel lanes."""
    if G.is_directed() or G.is_multigraph():
        raise ValueError("a two-way district without parallel lanes is needed")


def odd_loop(G, streets, weight: str = "length") -> list:
    """The lightest round that drives an odd number of ``streets`` (each street at most once),
    as networkx finds it: its streets in driving order."""
    _two_way(G)
    chosen = set()
    for u, v in streets:
        if not G.has_edge(u, v):
            raise ValueError(f"no street {(u, v)!r}")
        chosen.add((u, v))
    if not chosen:
        raise ValueError("choose at least one street")
    try:
        return _min_cycle(G, chosen, weight)
    except nx.NetworkXNoPath as error:
        raise ValueError("no round drives an odd number of these streets") from error


def depots(G) -> dict:
    """``{"middle", "edge", "radius", "diameter"}`` of a connected two-way district, as
    networkx's bounding computation for large districts finds them (streets count one each)."""
    _two_way(G)
    if len(G) == 0 or not nx.is_connected(G):
        raise ValueError("a connected district is needed")
    return {
        "middle": _extrema_bounding(G, compute="center"),
        "edge": _extrema_bounding(G, compute="periphery"),
        "radius": _extrema_bounding(G, compute="radius"),
        "diameter": _extrema_bounding(G, compute="diameter"),
    }


def loop_report(G, streets, weight: str = "length") -> dict:
    """``{"loop", "length", "shorter_loops", "start", "middle"}``: the odd loop, its total
    ``weight`` (1 when missing), how many loops of turn 2 have fewer streets, turn 1's
    route start and the middle sites of the district."""
    loop = odd_loop(G, streets, weight)
    return {
        "loop": loop,
        "length": sum(G.edges[u, v].get(weight, 1) for u, v in loop),
        "shorter_loops": len(district_loops(G, len(loop) - 1)),
        "start": route_start(G),
        "middle": depots(G)["middle"],
    }
