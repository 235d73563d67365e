"""Numbering the stops of route sheets so that neighbouring stops get close numbers."""

from collections import deque
from operator import itemgetter

import networkx as nx
from networkx.utils import arbitrary_element

from route_kit.depots import depot_routes
from route_kit.detour import route_length


def _two_way(G) -> None:
    if G.is_directed():
        raise ValueError("stops are numbered on two-way networks")


def _far(H):
    v, reach = arbitrary_element(H), 0
    while True:
        lengths = dict(nx.shortest_path_length(H, v))
        longest = max(lengths.values())
        if longest <= reach:
            return v
        reach = longest
        v, _ = min(H.degree(n for n, d in lengths.items() if d == longest), key=itemgetter(1))


def _order(H):
    start = _far(H)
    visited, queue = {start}, deque([start])
    while queue:
        parent = queue.popleft()
        yield parent
        children = [n for n, d in sorted(H.degree(set(H[parent]) - visited), key=itemgetter(1))]
        visited.update(children)
        queue.extend(children)


def far_stop(G, near=None):
    """The stop networkx takes as lying at the far edge of the connected part of ``G`` that
    holds ``near`` (default: the first stop of ``G``), when it numbers that part."""
    _two_way(G)
    if G.number_of_nodes() == 0:
        raise ValueError("an empty network has no far stop")
    if near is None:
        near = next(iter(G))
    part = nx.node_connected_component(G, near)
    return _far(G.subgraph(part))


def stop_numbers(G, reverse: bool = False) -> dict:
    """Each stop mapped to its number, 0 up: the connected parts of ``G`` one after another in
    networkx's order, each numbered as networkx orders it so that neighbours get close numbers,
    from its far stop; ``reverse`` numbers the whole order backwards."""
    _two_way(G)
    order = []
    for part in nx.connected_components(G):
        order.extend(_order(G.subgraph(part)))
    if reverse:
        order.reverse()
    return {stop: number for number, stop in enumerate(order)}


def route_sheet(G, depots, cost="cost", length="length") -> list:
    """The rows of a route sheet, one per stop that turn 2's ``depot_routes`` reaches, in the
    order of their numbers (``stop_numbers``): ``(number, stop, depot, cost, length)``, the
    depot and cost of the stop's cheapest route and the length of that route (turn 1)."""
    _two_way(G)
    numbers = stop_numbers(G)
    rows = []
    for stop, (price, route) in depot_routes(G, depots, cost).items():
        rows.append((numbers[stop], stop, route[0], price, route_length(G, route, length)))
    return sorted(rows, key=lambda row: row[0])
