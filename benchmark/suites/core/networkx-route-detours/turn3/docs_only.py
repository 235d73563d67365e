"""Written from the networkx documentation only (periphery, cuthill_mckee_ordering).

Numbering the stops of route sheets so that neighbouring stops get close numbers."""

import networkx as nx

from route_kit.depots import depot_routes
from route_kit.detour import route_length


def _two_way(G) -> None:
    if G.is_directed():
        raise ValueError("stops are numbered on two-way networks")


def far_stop(G, near=None):
    """The stop networkx takes as lying at the far edge of the connected part of ``G`` that
    holds ``near`` (default: the first stop of ``G``), when it numbers that part."""
    _two_way(G)
    if G.number_of_nodes() == 0:
        raise ValueError("an empty network has no far stop")
    if near is None:
        near = next(iter(G))
    part = nx.node_connected_component(G, near)
    return nx.periphery(G.subgraph(part))[0]


def stop_numbers(G, reverse: bool = False) -> dict:
    """Each stop mapped to its number, 0 up: the connected parts of ``G`` one after another in
    networkx's order, each numbered as networkx orders it so that neighbours get close numbers,
    from its far stop; ``reverse`` numbers the whole order backwards."""
    _two_way(G)
    order = list(nx.utils.cuthill_mckee_ordering(G))
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
