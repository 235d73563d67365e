"""Neighbours' votes for labels, and splitting a network at its most central links."""

from collections import Counter, defaultdict

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
    if weight is None:
        if not G.is_multigraph():
            return dict(Counter(map(labels.get, nx.all_neighbors(G, member))))
        votes = defaultdict(int)
        for nbr in G[member]:
            votes[labels[nbr]] += len(G[member][nbr])
        if G.is_directed():
            for nbr in G.pred[member]:
                votes[labels[nbr]] += len(G.pred[member][nbr])
        return dict(votes)
    votes = defaultdict(float)
    for _, nbr, w in G.edges(member, data=weight, default=1):
        votes[labels[nbr]] += w
    if G.is_directed():
        for nbr, _, w in G.in_edges(member, data=weight, default=1):
            votes[labels[nbr]] += w
    return dict(votes)


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
    parts = tuple(nx.connected_components(H))
    while len(parts) <= before:
        H.remove_edge(*recorded(H))
        parts = tuple(nx.connected_components(H))
    return parts, removed


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
