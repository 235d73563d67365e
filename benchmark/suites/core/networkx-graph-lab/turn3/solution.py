"""Chordal graphs: a witness that a graph is not chordal, cliques, and a report."""

import networkx as nx
from networkx.algorithms.chordal import _find_chordality_breaker, _is_complete_graph

from graph_lab.links import link_graph
from graph_lab.products import cross_product


def _simple_two_way(G) -> None:
    if G.is_directed() or G.is_multigraph():
        raise ValueError("a simple two-way graph is expected")


def chordless_witness(G, start=None) -> tuple:
    """``()`` when ``G`` is chordal, else the triple ``(u, v, w)`` networkx's maximum cardinality
    search (from ``start``, default: networkx's choice) finds: ``v`` with two neighbours ``u``
    and ``w`` numbered before it that are not linked."""
    _simple_two_way(G)
    if G.number_of_nodes() == 0:
        raise ValueError("an empty graph is neither chordal nor not")
    if start is not None and start not in G:
        raise KeyError(start)
    try:
        return _find_chordality_breaker(G, start)
    except nx.NetworkXError as error:
        raise ValueError("graphs with loops are not judged") from error


def is_clique(G, nodes=None) -> bool:
    """Whether ``nodes`` (default: all) of ``G`` are all linked to one another, decided as networkx
    decides it for the graph they span (fewer than two nodes always are); loops raise
    ``ValueError``."""
    H = G if nodes is None else G.subgraph(nodes)
    if G.is_directed():
        raise ValueError("cliques are judged on two-way graphs")
    try:
        return _is_complete_graph(H)
    except nx.NetworkXError as error:
        raise ValueError("graphs with loops are not judged") from error


def lab_report(G) -> dict:
    """``{"witness": ..., "clique": ..., "links_witness": ..., "square_witness": ...}``:
    ``chordless_witness(G)``, ``is_clique(G)``, the witness of turn 1's link graph of ``G`` and
    of turn 2's cross product of ``G`` with a single link (None for a graph without links)."""
    _simple_two_way(G)
    L = link_graph(G)
    P = cross_product(G, nx.path_graph(2))
    return {
        "witness": chordless_witness(G),
        "clique": is_clique(G),
        "links_witness": chordless_witness(L) if L.number_of_nodes() else None,
        "square_witness": chordless_witness(P) if P.number_of_edges() else None,
    }
