"""Written from the networkx documentation only (is_chordal, chordless_cycles).

Chordal graphs: a witness that a graph is not chordal, cliques, and a report."""

import networkx as nx

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
    if nx.number_of_selfloops(G):
        raise ValueError("graphs with loops are not judged")
    if nx.is_chordal(G):
        return ()
    cycle = next(c for c in nx.chordless_cycles(G) if len(c) > 3)
    return (cycle[0], cycle[1], cycle[2])


def is_clique(G, nodes=None) -> bool:
    """Whether ``nodes`` (default: all) of ``G`` are all linked to one another, decided as networkx
    decides it for the graph they span (fewer than two nodes always are); loops raise
    ``ValueError``."""
    H = G if nodes is None else G.subgraph(nodes)
    if G.is_directed():
        raise ValueError("cliques are judged on two-way graphs")
    if nx.number_of_selfloops(H):
        raise ValueError("graphs with loops are not judged")
    return all(H.has_edge(u, v) for u in H for v in H if u != v)


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
