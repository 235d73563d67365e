"""Costed plans: surviving a cut link with offered links, and one-way update channels."""

import networkx as nx
from networkx.algorithms.connectivity.edge_augmentation import (
    _lightest_meta_edges,
    _unpack_available_edges,
    collapse,
    one_edge_augmentation,
)

from link_plan.bridges import bridge_plan
from link_plan.connect import offer_table
from link_plan.sites import site_map, weak_sites


def costed_bridge_plan(G, offers, weight: str = "cost") -> list:
    """Offered links (turn 2's forms), in networkx's order, after which no single cut link
    separates two sites of ``G``, as cheap as networkx finds them."""
    site_map(G)  # checks the network
    if G.is_multigraph() or G.number_of_nodes() < 3:
        raise ValueError("three or more sites and no parallel links are needed")
    offer_table(G, offers, weight=weight)  # checks the offers
    try:
        return _bridge_offers(G, offers, weight)
    except nx.NetworkXUnfeasible as error:
        raise ValueError("the offered links cannot remove every single point of failure") from error


def _rooted(D, root):
    rooted = D.copy()
    rooted.remove_edges_from([(u, root) for u in D.predecessors(root)])
    return nx.minimum_spanning_arborescence(rooted)


def _bridge_offers(G, offers, weight):
    connectors, H = [], G
    if not nx.is_connected(G):
        H = G.copy()
        connectors = list(one_edge_augmentation(H, avail=offers, weight=weight))
        H.add_edges_from(connectors)
    if len(offers) == 0 and nx.has_bridges(H):
        raise nx.NetworkXUnfeasible("no augmentation possible")
    links, costs = _unpack_available_edges(offers, weight=weight, G=H)
    C = collapse(H, nx.connectivity.bridge_components(H))
    meta = {(mu, mv): (w, uv) for (mu, mv), uv, w in _lightest_meta_edges(C.graph["mapping"], links, costs)}
    root = next((n for n, d in C.degree() if d == 1), None)
    if root is None:
        return connectors
    TR = nx.dfs_tree(C, root)
    D = nx.reverse(TR).copy()
    nx.set_edge_attributes(D, name="weight", values=0)
    for (mu, mv), lca in nx.tree_all_pairs_lowest_common_ancestor(TR, root=root, pairs=meta.keys()):
        w, uv = meta[(mu, mv)]
        for end in {mu, mv} - {lca} if lca in (mu, mv) else (mu, mv):
            D.add_edge(lca, end, weight=w, generator=uv)
    try:
        A = _rooted(D, root)
    except nx.NetworkXException as err:
        raise nx.NetworkXUnfeasible("no 2-edge-augmentation possible") from err
    chosen = set()
    for mu, mv in A.edges():
        data = D.get_edge_data(mu, mv)
        if "generator" in data:
            chosen.add(data["generator"])
    return connectors + list(chosen)


def feed_tree(channels: dict, root) -> list:
    """The cheapest one-way channels (``channels`` maps ``(from, to)`` to a cost) over which
    updates sent from ``root`` reach every site the channels name, in networkx's order."""
    D = nx.DiGraph()
    D.add_node(root)
    D.add_weighted_edges_from((u, v, cost) for (u, v), cost in channels.items() if u != v)
    if D.number_of_nodes() == 1:
        return []
    try:
        tree = _rooted(D, root)
    except nx.NetworkXException as error:
        raise ValueError(f"some sites cannot be reached from {root!r}") from error
    return list(tree.edges())


def costed_report(G, offers, weight: str = "cost") -> dict:
    """The costed plan beside what it replaces: its links and cost, how many links the
    unconstrained plan of turn 3 needs, the cheapest offer between the parts that a single
    cut separates (turn 2's table over those parts), and the weak sites (k=2) left after it."""
    plan = costed_bridge_plan(G, offers, weight)
    costs = {}
    for u, v, cost in offer_table(G, offers, [{n} for n in G], weight=weight).values():
        costs[frozenset((u, v))] = cost
    H = G.copy()
    H.add_edges_from(plan)
    return {
        "plan": plan,
        "cost": sum(costs[frozenset(link)] for link in plan),
        "fewest": len(bridge_plan(G)),
        "between_parts": offer_table(G, offers, nx.connectivity.bridge_components(G), weight=weight),
        "weak": weak_sites(H, 2),
    }
