"""Written from the networkx documentation only (all_neighbors, girvan_newman).

Neighbours' votes for labels, and splitting a network at its most central links."""

import networkx as nx

from crowd.blocks import cross_links
from crowd.merge import refine


def label_votes(G, labels: dict, member, weight=None) -> dict:
    """How much each label weighs among the neighbours of ``member`` (``labels`` maps every
    member to its label), counted as networkx's fast label propagation counts them."""
    if not G.has_node(member):
        raise KeyError(member)
    missing = [node for node in G.nodes() if node not in labels]
    if missing:
        raise ValueError(f"members without a label: {missing!r}")
    votes = {}
    for nbr in set(nx.all_neighbors(G, member)) - {member}:
        share = 1
        if weight is not None:
            data = G.get_edge_data(member, nbr) or G.get_edge_data(nbr, member)
            share = data.get(weight, 1)
        votes[labels[nbr]] = votes.get(labels[nbr], 0) + share
    return votes


def _highest_betweenness(G):
    centrality = nx.edge_betweenness_centrality(G)
    return max(centrality, key=centrality.get)


def split_once(G, most_central=None) -> tuple:
    """``(parts, removed)``: the connected parts of ``G`` once networkx's Girvan-Newman step has
    removed, one at a time, the most central link (``most_central(H)`` picks it, default: the
    highest edge betweenness) until there are more parts than before, and the removed links."""
    if G.is_directed():
        raise ValueError("splitting works on two-way networks")
    if G.number_of_edges() == 0:
        return tuple(nx.connected_components(G)), []
    pick = most_central or _highest_betweenness
    removed = []

    def recorded(H):
        link = pick(H)
        removed.append(tuple(link))
        return link

    H = G.copy()
    before = nx.number_connected_components(H)
    while nx.number_connected_components(H) <= before:
        H.remove_edge(*recorded(H))
    return tuple(nx.connected_components(H)), removed


def split_report(G, seed=0) -> dict:
    """``{"parts": ..., "removed": ..., "cross": ..., "refined": ...}``: the parts and removed
    links of ``split_once``, turn 1's cross links between the parts, and turn 2's refinement
    of the parts (with ``seed``)."""
    parts, removed = split_once(G)
    return {
        "parts": [set(part) for part in parts],
        "removed": removed,
        "cross": cross_links(G, parts),
        "refined": refine(G, parts, seed=seed),
    }
