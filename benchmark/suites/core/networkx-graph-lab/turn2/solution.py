"""Cross products of two graphs built from networkx's product layers."""

import networkx as nx
from networkx.algorithms.operators.product import (
    _directed_edges_cross_edges,
    _init_product_graph,
    _undirected_edges_cross_edges,
)

from graph_lab.links import link_graph, touching_links


def cross_product(G, H, both_diagonals: bool = True) -> nx.Graph:
    """The graph on every pair ``(g, h)`` of a node of ``G`` and a node of ``H`` whose links join
    ``(u, x)`` to ``(v, y)`` for each link ``u``-``v`` of ``G`` and ``x``-``y`` of ``H``, built as
    networkx builds its products (graph kind, attribute pairs, keys); for two-way graphs also
    ``(v, x)``-``(u, y)`` unless ``both_diagonals`` is False."""
    try:
        P = _init_product_graph(G, H)
    except nx.NetworkXError as error:
        raise ValueError("both graphs must be one-way or both two-way") from error
    for g, g_data in G.nodes(data=True):
        for h, h_data in H.nodes(data=True):
            P.add_node((g, h), **{k: (g_data.get(k), h_data.get(k)) for k in set(g_data) | set(h_data)})
    P.add_edges_from(_directed_edges_cross_edges(G, H))
    if both_diagonals and not P.is_directed():
        P.add_edges_from(_undirected_edges_cross_edges(G, H))
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
