"""Written from the networkx documentation only (quotient_graph).

Communities of a network seen as one graph: the graph of communities and the links between them."""

import networkx as nx


def _partition(G, communities) -> list:
    """The communities as a list of sets, refusing what is not a partition of ``G``'s members."""
    communities = [set(community) for community in communities]
    if not nx.community.is_partition(G, communities):
        raise ValueError("the communities must split the members of the network exactly")
    return communities


def weighted_copy(G, weight="weight") -> nx.Graph:
    """``G`` as networkx's Louvain method works on it: parallel links merged into one whose
    ``"weight"`` adds theirs up, every link's ``"weight"`` its ``weight`` attribute (1 when
    missing); one-way links stay one-way."""
    H = nx.DiGraph() if G.is_directed() else nx.Graph()
    if G.is_multigraph():
        H.add_nodes_from(G)
        for u, v, wt in G.edges(data=weight, default=1):
            H.add_edge(u, v, weight=H.get_edge_data(u, v, {"weight": 0})["weight"] + wt)
        return H
    H.add_nodes_from(G)
    H.add_weighted_edges_from(G.edges(data=weight, default=1))
    return H


def community_graph(G, communities, weight="weight") -> nx.Graph:
    """The graph of the communities of ``G`` as networkx's Louvain method builds it: node ``i``
    for the ``i``-th community, its ``"nodes"`` the members, and a link between two communities
    (a loop for a community with links inside) whose ``"weight"`` adds up the weights of the
    links it stands for."""
    parts = _partition(G, communities)
    Q = nx.quotient_graph(weighted_copy(G, weight), parts, relabel=True, weight="weight")
    C = nx.DiGraph() if G.is_directed() else nx.Graph()
    for i, part in enumerate(parts):
        C.add_node(i, nodes=part)
    C.add_edges_from(Q.edges(data=True))
    return C


def cross_links(G, communities) -> int:
    """The number of links of ``G`` between members of different communities, as networkx
    counts them when it rates a partition."""
    communities = _partition(G, communities)
    if G.number_of_nodes() == 0:
        return 0
    home = {node: i for i, part in enumerate(communities) for node in part}
    return sum(1 for u, v in G.edges() if home[u] != home[v])
