"""Chordal graphs: a witness that a graph is not chordal, cliques, and a report."""

import sys

import networkx as nx
from networkx.algorithms.chordal import _find_missing_edge, _max_cardinality_node
from networkx.utils import arbitrary_element

from graph_lab.links import link_graph
from graph_lab.products import cross_product


def _simple_two_way(G) -> None:
    if G.is_directed() or G.is_multigraph():
        raise ValueError("a simple two-way graph is expected")


def _complete(H) -> bool:
    if nx.number_of_selfloops(H) > 0:
        raise nx.NetworkXError("loop")
    n = H.number_of_nodes()
    return n < 2 or H.number_of_edges() == n * (n - 1) / 2


def _breaker(G, s=None, bound=sys.maxsize):
    if len(G) == 0:
        raise nx.NetworkXPointlessConcept("no nodes")
    unnumbered = set(G)
    s = arbitrary_element(G) if s is None else s
    unnumbered.remove(s)
    numbered, width = {s}, -1
    while unnumbered:
        v = _max_cardinality_node(G, unnumbered, numbered)
        unnumbered.remove(v)
        numbered.add(v)
        wanna = set(G[v]) & numbered
        sg = G.subgraph(wanna)
        if _complete(sg):
            width = max(width, len(wanna))
            if width > bound:
                raise nx.NetworkXTreewidthBoundExceeded(width)
        else:
            u, w = _find_missing_edge(sg)
            return (u, v, w)
    return ()


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
        return _breaker(G, start)
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
        return _complete(H)
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
