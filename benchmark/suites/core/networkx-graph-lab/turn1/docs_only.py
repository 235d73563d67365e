"""Written from the networkx documentation only (line_graph).

Link graphs: graphs whose nodes are the links of another graph."""

import networkx as nx


def link_graph(G, loops: bool = False) -> nx.Graph:
    """The link graph of ``G`` as networkx builds it: a node per link of ``G`` (named as networkx
    names it, with its key in a multigraph), joined when the links share an end (one-way: when
    one ends where the other starts).  ``loops`` also joins every link of a two-way graph to
    itself."""
    if G.is_directed():
        if loops:
            raise ValueError("loops are only added to link graphs of two-way graphs")
        return nx.line_graph(G)
    L = nx.line_graph(G)
    if loops:
        L.add_edges_from((n, n) for n in list(L))
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
