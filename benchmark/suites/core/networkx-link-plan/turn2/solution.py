"""New links that connect every site: the plan, the offers it draws on, and a summary."""

import networkx as nx
from networkx.algorithms.connectivity.edge_augmentation import (
    _lightest_meta_edges,
    _unpack_available_edges,
    unconstrained_one_edge_augmentation,
    weighted_one_edge_augmentation,
)

from link_plan.sites import site_map, weak_sites


def _read_offers(G, offers, weight: str):
    """The offered links not yet in ``G`` and their costs, refusing unknown sites."""
    links, costs = _unpack_available_edges(offers, weight=weight, G=G)
    for u, v in links:
        if u not in G or v not in G:
            raise ValueError(f"an offered link names an unknown site: {(u, v)!r}")
    return links, costs


def offer_table(G, offers, groups=None, weight: str = "cost") -> dict:
    """For each pair of groups of turn 1's site map (``(i, j)``, ``i < j``), the offered link
    networkx takes between them, as ``(u, v, cost)``."""
    mapping = site_map(G, groups).graph["mapping"]
    links, costs = _read_offers(G, offers, weight)
    table = {}
    for (mu, mv), (u, v), cost in _lightest_meta_edges(mapping, links, costs):
        table[(mu, mv)] = (u, v, cost)
    return dict(sorted(table.items()))


def connect_plan(G, offers=None, weight: str = "cost") -> list:
    """The links, in networkx's order, whose addition connects every site of ``G``: the fewest
    links when any may be added (``offers`` None), else the cheapest set of offered links."""
    site_map(G)  # checks the network
    if G.number_of_nodes() < 2:
        return []
    if offers is None:
        return list(unconstrained_one_edge_augmentation(G))
    _read_offers(G, offers, weight)
    try:
        return list(weighted_one_edge_augmentation(G, offers, weight=weight))
    except nx.NetworkXUnfeasible as error:
        raise ValueError("the offered links cannot connect every site") from error


def plan_summary(G, offers=None, weight: str = "cost") -> dict:
    """What connecting ``G`` takes and leaves: the plan, its cost, the groups before and the
    weak sites (turn 1, ``k=2``) of the connected network."""
    links = connect_plan(G, offers, weight)
    if offers is None:
        cost = len(links)
    else:
        costs = {frozenset(uv): w for uv, w in zip(*_read_offers(G, offers, weight))}
        cost = sum(costs[frozenset(link)] for link in links)
    H = G.copy()
    H.add_edges_from(links)
    return {
        "links": links,
        "cost": cost,
        "groups": site_map(G).number_of_nodes(),
        "weak": weak_sites(H, 2),
    }
