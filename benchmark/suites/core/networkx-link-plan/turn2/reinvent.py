"""New links that connect every site: the plan, the offers it draws on, and a summary."""

import networkx as nx
from collections import defaultdict

from networkx.algorithms.connectivity.edge_augmentation import MetaEdge, _ordered, _unpack_available_edges, collapse

from link_plan.sites import site_map, weak_sites


def _read_offers(G, offers, weight: str):
    """The offered links not yet in ``G`` and their costs, refusing unknown sites."""
    links, costs = _unpack_available_edges(offers, weight=weight, G=G)
    for u, v in links:
        if u not in G or v not in G:
            raise ValueError(f"an offered link names an unknown site: {(u, v)!r}")
    return links, costs


def _lightest(mapping, links, costs):
    grouped = defaultdict(list)
    for w, (u, v) in zip(costs, links):
        grouped[_ordered(mapping[u], mapping[v])].append((w, u, v))
    for (mu, mv), choices in grouped.items():
        if mu != mv:
            w, u, v = min(choices)
            yield MetaEdge((mu, mv), (u, v), w)


def offer_table(G, offers, groups=None, weight: str = "cost") -> dict:
    """For each pair of groups of turn 1's site map (``(i, j)``, ``i < j``), the offered link
    networkx takes between them, as ``(u, v, cost)``."""
    mapping = site_map(G, groups).graph["mapping"]
    links, costs = _read_offers(G, offers, weight)
    table = {}
    for (mu, mv), (u, v), cost in _lightest(mapping, links, costs):
        table[(mu, mv)] = (u, v, cost)
    return dict(sorted(table.items()))


def connect_plan(G, offers=None, weight: str = "cost") -> list:
    """The links, in networkx's order, whose addition connects every site of ``G``: the fewest
    links when any may be added (``offers`` None), else the cheapest set of offered links."""
    site_map(G)  # checks the network
    if G.number_of_nodes() < 2:
        return []
    C = collapse(G, nx.connected_components(G))
    if offers is None:
        inverse = defaultdict(list)
        for site, node in C.graph["mapping"].items():
            inverse[node].append(site)
        nodes = list(C.nodes())
        return [(inverse[mu][0], inverse[mv][0]) for mu, mv in zip(nodes, nodes[1:])]
    links, costs = _read_offers(G, offers, weight)
    C.add_edges_from((mu, mv, {"weight": w, "generator": uv}) for (mu, mv), uv, w in _lightest(C.graph["mapping"], links, costs))
    tree = nx.minimum_spanning_tree(C)
    if not nx.is_connected(tree):
        raise ValueError("the offered links cannot connect every site")
    return [d["generator"] for _, _, d in tree.edges(data=True) if "generator" in d]


def plan_summary(G, offers=None, weight: str = "cost") -> dict:
    """What connecting ``G`` takes and leaves: the plan, its cost, the groups before and the
    weak sites (turn 1, ``k=2``) of the connected network."""
    links = connect_plan(G, offers, weight)
    if offers is None:
        cost = len(links)
    else:
        costs = {frozenset(uv): w for uv, w in zip(*_read_offers(G, offers, weight))}
        cost = sum(costs[frozenset(link)] for link in links)
    H = G.copy()
    H.add_edges_from(links)
    return {
        "links": links,
        "cost": cost,
        "groups": site_map(G).number_of_nodes(),
        "weak": weak_sites(H, 2),
    }
