"""Written from the networkx documentation only (k_edge_augmentation,
minimum_spanning_arborescence).

Costed plans: surviving a cut link with offered links, and one-way update channels."""

import networkx as nx

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
        return list(nx.k_edge_augmentation(G, 2, avail=offers, weight=weight))
    except nx.NetworkXUnfeasible as error:
        raise ValueError("the offered links cannot remove every single point of failure") from error


def feed_tree(channels: dict, root) -> list:
    """The cheapest one-way channels (``channels`` maps ``(from, to)`` to a cost) over which
    updates sent from ``root`` reach every site the channels name, in networkx's order."""
    D = nx.DiGraph()
    D.add_node(root)
    D.add_weighted_edges_from((u, v, cost) for (u, v), cost in channels.items() if u != v)
    if D.number_of_nodes() == 1:
        return []
    try:
        tree = nx.minimum_spanning_arborescence(D)
    except nx.NetworkXException as error:
        raise ValueError(f"some sites cannot be reached from {root!r}") from error
    if tree.in_degree(root):
        raise ValueError(f"some sites cannot be reached from {root!r}")
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
