"""Written from the networkx documentation only (non_edges, k_edge_augmentation).

Surviving one cut link: the fewest links that remove every single point of failure."""

import networkx as nx

from link_plan.connect import connect_plan
from link_plan.sites import site_map, weak_sites


def open_pairs(G, groups=None) -> list:
    """The pairs of sites of ``G`` with no link yet, in the order and orientation networkx
    takes them when any missing link may be added; with ``groups`` (turn 1), only the pairs
    whose sites lie in different groups."""
    mapping = site_map(G, groups).graph["mapping"]
    pairs = []
    for u, v in nx.non_edges(G):
        if groups is None or mapping[u] != mapping[v]:
            pairs.append((u, v))
    return pairs


def bridge_plan(G) -> list:
    """The fewest new links, in networkx's order, after which no single cut link separates two
    sites of ``G`` (any missing link may be added)."""
    site_map(G)  # checks the network
    if G.is_multigraph():
        raise ValueError("parallel links are not planned here")
    if G.number_of_nodes() < 3:
        raise ValueError("fewer than three sites cannot survive a cut link")
    return list(nx.k_edge_augmentation(G, 2))


def survival_report(G) -> dict:
    """Where ``G`` stands against one cut link: its single points of failure (``bridges``,
    each as the sorted pair of its sites, sorted), how many parts they leave (groups of
    turn 1's site map over the parts no single cut separates), the weak sites (turn 1, k=2),
    the links that would only connect it (turn 2) and the links of ``bridge_plan``."""
    if G.is_multigraph():
        raise ValueError("parallel links are not planned here")
    site_map(G)
    bridges = sorted(tuple(sorted(link)) for link in nx.bridges(G))
    parts = site_map(G, nx.connectivity.bridge_components(G))
    return {
        "bridges": bridges,
        "parts": parts.number_of_nodes(),
        "weak": weak_sites(G, 2),
        "connect": connect_plan(G),
        "plan": bridge_plan(G) if G.number_of_nodes() >= 3 else [],
    }
