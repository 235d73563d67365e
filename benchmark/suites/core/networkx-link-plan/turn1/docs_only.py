"""Written from the networkx documentation only (quotient graphs, k-cores).

Sites of a network: the graph of site groups, and the sites no well-linked part can hold."""

import networkx as nx


def _check_network(G) -> None:
    """Only undirected networks, with or without parallel links, are planned."""
    if G.is_directed():
        raise ValueError("links are two-way: an undirected graph is expected")
    if nx.number_of_selfloops(G):
        raise ValueError("a link from a site to itself means nothing here")


def site_map(G, groups=None) -> nx.Graph:
    """The graph of groups of ``G``'s sites, numbered as networkx numbers them when it plans links.

    ``groups`` (an iterable of collections of sites) default to the connected parts of ``G``.
    Sites in no group stand alone.  Each node has ``members``; ``graph["mapping"]`` maps each
    site to its group's node."""
    _check_network(G)
    if groups is None:
        groups = nx.connected_components(G)
    groups = [set(group) for group in groups]
    seen = set()
    for group in groups:
        unknown = [site for site in group if site not in G]
        if unknown:
            raise ValueError(f"unknown sites: {unknown!r}")
        if seen & group:
            raise ValueError(f"sites in more than one group: {sorted(seen & group, key=repr)!r}")
        seen |= group
    if G.number_of_nodes() == 0:
        return nx.Graph(mapping={})
    # the networkx docs: quotient-graph style, groups numbered in order, then the
    # remaining sites one by one in the graph's order
    rest = [[site] for site in G if site not in seen]
    parts = groups + [set(site) for site in rest]
    C = nx.MultiGraph() if G.is_multigraph() else nx.Graph()
    mapping = {site: i for i, part in enumerate(parts) for site in part}
    for i, part in enumerate(parts):
        C.add_node(i, members=set(part))
    C.add_edges_from((mapping[u], mapping[v]) for u, v in G.edges() if mapping[u] != mapping[v])
    C.graph["mapping"] = mapping
    return C


def weak_sites(G, k: int = 2) -> list:
    """The sites that no part of ``G`` surviving any ``k - 1`` cut links can hold, in the
    order networkx sets them aside while it searches for such parts (parallel links count)."""
    _check_network(G)
    if k < 1:
        raise ValueError("k must be at least 1")
    if G.number_of_nodes() == 0:
        return []
    # the k-core keeps the sites with at least k links among themselves
    core = nx.k_core(G, k)
    return [site for site in G if site not in core]
