"""Written from the networkx documentation only (center, periphery, radius, diameter, cycle_basis).

Loops through chosen streets, and the depots at the middle and the edge of a district."""

import networkx as nx

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
    best = None
    for cycle in nx.simple_cycles(G):
        loop = list(zip(cycle, cycle[1:] + cycle[:1]))
        hits = sum(1 for u, v in loop if (u, v) in chosen or (v, u) in chosen)
        cost = sum(G.edges[u, v].get(weight, 1) if weight else 1 for u, v in loop)
        if hits % 2 == 1 and (best is None or cost < best[0]):
            best = (cost, loop)
    if best is None:
        raise ValueError("no round drives an odd number of these streets")
    return best[1]


def depots(G) -> dict:
    """``{"middle", "edge", "radius", "diameter"}`` of a connected two-way district, as
    networkx's bounding computation for large districts finds them (streets count one each)."""
    _two_way(G)
    if len(G) == 0 or not nx.is_connected(G):
        raise ValueError("a connected district is needed")
    return {
        "middle": nx.center(G, usebounds=True),
        "edge": nx.periphery(G, usebounds=True),
        "radius": nx.radius(G, usebounds=True),
        "diameter": nx.diameter(G, usebounds=True),
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
