"""Link graphs: graphs whose nodes are the links of another graph."""

from functools import partial

import networkx as nx


def link_graph(G, loops: bool = False) -> nx.Graph:
    """The link graph of ``G`` as networkx builds it: a node per link of ``G`` (named as networkx
    names it, with its key in a multigraph), joined when the links share an end (one-way: when
    one ends where the other starts).  ``loops`` also joins every link of a two-way graph to
    itself."""
    if G.is_directed():
        if loops:
            raise ValueError("loops are only added to link graphs of two-way graphs")
        L = nx.empty_graph(0, None, default=G.__class__)
        edges_of = partial(G.edges, keys=True) if G.is_multigraph() else G.edges
        for first in edges_of():
            L.add_node(first)
            for second in edges_of(first[1]):
                L.add_edge(first, second)
        return L
    L = nx.empty_graph(0, None, default=G.__class__)
    edges_of = partial(G.edges, keys=True) if G.is_multigraph() else G.edges
    index = {n: i for i, n in enumerate(G)}
    pairs = set()
    for u in G:
        names = [tuple(sorted(x[:2], key=index.get)) + x[2:] for x in edges_of(u)]
        if len(names) == 1:
            L.add_node(names[0])
        for i, a in enumerate(names):
            pairs.update(tuple(sorted((a, b), key=lambda e: (index[e[0]], index[e[1]]))) for b in names[i + (0 if loops else 1):])
    L.add_edges_from(pairs)
    return L


def link_name(G, u, v, key=None):
    """The node that stands for the link ``u``-``v`` (with ``key`` in a multigraph) in
    ``link_graph(G)``."""
    if not G.has_edge(u, v, *(() if key is None else (key,))):
        raise KeyError((u, v) if key is None else (u, v, key))
    if G.is_multigraph() and key is None:
        raise ValueError("a link of a multigraph is named with its key")
    ends = (u, v)
    if not G.is_directed():
        order = {node: i for i, node in enumerate(G.nodes())}
        ends = tuple(sorted(ends, key=order.get))
    return ends + ((key,) if G.is_multigraph() else ())


def touching_links(G, u, v, key=None) -> list:
    """The other links of ``G`` that share an end with the link ``u``-``v`` (one-way: that
    follow it), each named as in the link graph, in the link graph's order."""
    name = link_name(G, u, v, key)
    L = link_graph(G)
    return [other for other in L.neighbors(name) if other != name]
