"""Written from the networkx documentation only (all_simple_paths, simple_cycles).

One-way delivery networks: every delivery path, round trips, and a trip report."""

import networkx as nx

from route_kit.depots import depot_routes, rebate_loop
from route_kit.detour import route_length


def _one_way(D) -> None:
    if not D.is_directed():
        raise ValueError("a network of one-way roads (a directed graph) is expected")


def delivery_paths(D) -> list:
    """Every path of ``D`` from a stop no road enters to a stop no road leaves, passing each
    stop at most once, in the order networkx lists them."""
    _one_way(D)
    starts = [v for v, d in D.in_degree() if d == 0]
    ends = [v for v, d in D.out_degree() if d == 0]
    paths = []
    for start in starts:
        if start in ends:
            paths.append([start])
        paths.extend(nx.all_simple_paths(D, start, ends))
    return paths


def round_trips(D, max_stops=None) -> list:
    """The loops of one-way roads of ``D`` through two or more different stops, each at most
    once (no more than ``max_stops`` of them when given), as networkx lists them, each loop
    given by its stops in driving order (the first not repeated)."""
    _one_way(D)
    if max_stops is not None and max_stops < 2:
        return []
    return [list(loop) for loop in nx.simple_cycles(nx.DiGraph(D), max_stops) if len(loop) >= 2]


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
