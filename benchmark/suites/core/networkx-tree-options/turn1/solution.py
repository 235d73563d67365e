"""Spanning plans: the links a planner picks to reach every site, in the order it picks them."""

import networkx as nx
from networkx.algorithms.tree.mst import EdgePartition, boruvka_mst_edges, kruskal_mst_edges

_MARK = "spanning.picks mark"


def _check(G) -> None:
    """Refuse the networks the planner does not handle: one-way links and parallel links."""
    if G.is_directed():
        raise ValueError("links are two-way: a directed network is refused")
    if G.is_multigraph():
        raise ValueError("parallel links are refused")


def _links(edges) -> list:
    """The links as ``(u, v)`` tuples, in the order given."""
    return [(u, v) for u, v in edges]


def _marked_copy(G, must, never):
    """A copy of ``G`` whose links carry the planner's mark: forced in, forbidden or open."""
    H = G.copy()
    for u, v, d in H.edges(data=True):
        d[_MARK] = EdgePartition.OPEN
    must, never = [tuple(e) for e in must], [tuple(e) for e in never]
    for mark, links in ((EdgePartition.INCLUDED, must), (EdgePartition.EXCLUDED, never)):
        for u, v in links:
            if not H.has_edge(u, v):
                raise ValueError(f"no link {(u, v)!r} in the network")
            H[u][v][_MARK] = mark
    if {frozenset(e) for e in must} & {frozenset(e) for e in never}:
        raise ValueError("a link cannot be both required and forbidden")
    return H


def pick_order(G, must=(), never=(), maximum: bool = False, weight: str = "weight") -> list:
    """The links networkx's planner picks, in its order, when the links of ``must`` are
    required and those of ``never`` forbidden; the heaviest plan when ``maximum``."""
    _check(G)
    H = _marked_copy(G, must, never)
    return _links(kruskal_mst_edges(H, not maximum, weight, data=False, partition=_MARK))


def merge_order(G, maximum: bool = False, weight: str = "weight") -> list:
    """The links picked when every group of sites in turn takes its best outgoing link, in
    the order networkx merges the groups."""
    _check(G)
    return _links(boruvka_mst_edges(G, not maximum, weight, data=False))


def plan_summary(G, must=(), never=(), weight: str = "weight") -> dict:
    """The plan of ``pick_order`` with its weight, whether it reaches every site, and whether
    the group-merging plan picks the same links when nothing is required or forbidden."""
    links = pick_order(G, must, never, weight=weight)
    total = sum(G[u][v].get(weight, 1) for u, v in links)
    H = nx.Graph(links)
    H.add_nodes_from(G)
    merged = {frozenset(e) for e in merge_order(G, weight=weight)}
    return {
        "links": links,
        "weight": total,
        "spans": len(G) == 0 or nx.is_connected(H),
        "same_as_merging": merged == {frozenset(e) for e in links},
    }
