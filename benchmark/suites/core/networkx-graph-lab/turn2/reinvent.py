"""Cross products of two graphs built from networkx's product layers."""

import networkx as nx
from networkx.algorithms.operators.product import _dict_product

from graph_lab.links import link_graph, touching_links


def cross_product(G, H, both_diagonals: bool = True) -> nx.Graph:
    """The graph on every pair ``(g, h)`` of a node of ``G`` and a node of ``H`` whose links join
    ``(u, x)`` to ``(v, y)`` for each link ``u``-``v`` of ``G`` and ``x``-``y`` of ``H``, built as
    networkx builds its products (graph kind, attribute pairs, keys); for two-way graphs also
    ``(v, x)``-``(u, y)`` unless ``both_diagonals`` is False."""
    if G.is_directed() != H.is_directed():
        raise ValueError("both graphs must be one-way or both two-way")
    P = nx.MultiGraph() if G.is_multigraph() or H.is_multigraph() else nx.Graph()
    if G.is_directed():
        P = P.to_directed()
    for g, g_data in G.nodes(data=True):
        for h, h_data in H.nodes(data=True):
            P.add_node((g, h), **{k: (g_data.get(k), h_data.get(k)) for k in set(g_data) | set(h_data)})
    g_edges = G.edges(keys=True, data=True) if G.is_multigraph() else ((u, v, None, d) for u, v, d in G.edges(data=True))
    g_edges = list(g_edges)
    h_edges = list(H.edges(keys=True, data=True) if H.is_multigraph() else ((x, y, None, d) for x, y, d in H.edges(data=True)))
    sides = [False, True] if both_diagonals and not P.is_directed() else [False]
    for flipped in sides:
        for u, v, j, c in g_edges:
            for x, y, k, d in h_edges:
                ends = ((v, x), (u, y)) if flipped else ((u, x), (v, y))
                key = (j, k) if j is not None and k is not None else (j if k is None else k)
                if P.is_multigraph():
                    P.add_edge(*ends, key, **_dict_product(c, d))
                else:
                    P.add_edge(*ends, **_dict_product(c, d))
    return P


def product_report(G, H, both_diagonals: bool = True) -> dict:
    """``{"kind": ..., "nodes": ..., "links": ..., "link_links": ..., "first": ...}``: the
    class name of ``cross_product(G, H, both_diagonals)``, its numbers of nodes and links, the
    number of links of its turn 1 link graph, and the links touching its first link (turn 1;
    None when it has no link)."""
    P = cross_product(G, H, both_diagonals)
    first = None
    if P.number_of_edges():
        edge = next(iter(P.edges(keys=True) if P.is_multigraph() else P.edges()))
        first = touching_links(P, *edge)
    return {
        "kind": type(P).__name__,
        "nodes": P.number_of_nodes(),
        "links": P.number_of_edges(),
        "link_links": link_graph(P).number_of_edges(),
        "first": first,
    }
