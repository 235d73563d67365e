"""One-way delivery networks: every delivery path, round trips, and a trip report."""

from functools import partial
from itertools import product, starmap

import networkx as nx
from networkx.algorithms.cycles import _bounded_cycle_search, _johnson_cycle_search
from networkx.algorithms.dag import chaini

from route_kit.depots import depot_routes, rebate_loop
from route_kit.detour import route_length


def _one_way(D) -> None:
    if not D.is_directed():
        raise ValueError("a network of one-way roads (a directed graph) is expected")


def delivery_paths(D) -> list:
    """Every path of ``D`` from a stop no road enters to a stop no road leaves, passing each
    stop at most once, in the order networkx lists them."""
    _one_way(D)
    roots = (v for v, d in D.in_degree() if d == 0)
    leaves = (v for v, d in D.out_degree() if d == 0)
    return [list(path) for path in chaini(starmap(partial(nx.all_simple_paths, D), product(roots, leaves)))]


def round_trips(D, max_stops=None) -> list:
    """The loops of one-way roads of ``D`` through two or more different stops, each at most
    once (no more than ``max_stops`` of them when given), as networkx lists them, each loop
    given by its stops in driving order (the first not repeated)."""
    _one_way(D)
    if max_stops is not None and max_stops < 2:
        return []
    H = nx.DiGraph((u, v) for u, v in D.edges() if u != v)
    found = []
    parts = [c for c in nx.strongly_connected_components(H) if len(c) >= 2]
    while parts:
        c = parts.pop()
        Hc = H.subgraph(c)
        v = next(iter(c))
        if max_stops is None:
            found.extend(_johnson_cycle_search(Hc, [v]))
        else:
            found.extend(_bounded_cycle_search(Hc, [v], max_stops))
        H.remove_node(v)
        parts.extend(c for c in nx.strongly_connected_components(Hc) if len(c) >= 2)
    return [list(loop) for loop in found]


def trip_report(D, depots, weight="cost") -> dict:
    """``{"paths": ..., "longest": ..., "trips": ..., "paying_loop": ..., "unreached": ...}``:
    the number of delivery paths, the delivery path with the greatest turn 1 length (first
    listed among equals, None without paths), the number of round trips, turn 2's paying loop
    and the stops that no route from the depots reaches (turn 2), in the order of ``D``."""
    paths = delivery_paths(D)
    longest = None
    if paths:
        longest = max(paths, key=lambda path: route_length(D, path, weight))
    loop = rebate_loop(D, weight)
    reached = depot_routes(D, depots, weight) if loop is None else {}
    return {
        "paths": len(paths),
        "longest": longest,
        "trips": len(round_trips(D)),
        "paying_loop": loop,
        "unreached": [stop for stop in D if stop not in reached] if loop is None else None,
    }
