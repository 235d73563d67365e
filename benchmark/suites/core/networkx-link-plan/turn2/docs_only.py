"""Written from the networkx documentation only (k_edge_augmentation).

New links that connect every site: the plan, the offers it draws on, and a summary."""

import networkx as nx

from link_plan.sites import site_map, weak_sites


def _read_offers(G, offers, weight: str):
    """The offered links not yet in ``G`` and their costs, refusing unknown sites."""
    if isinstance(offers, dict):
        items = [(u, v, w) for (u, v), w in offers.items()]
    else:
        items = [(t[0], t[1], 1 if len(t) == 2 else (t[2][weight] if isinstance(t[2], dict) else t[2])) for t in offers]
    items = [(u, v, w) for u, v, w in items if not G.has_edge(u, v)]
    links, costs = [(u, v) for u, v, _ in items], [w for _, _, w in items]
    for u, v in links:
        if u not in G or v not in G:
            raise ValueError(f"an offered link names an unknown site: {(u, v)!r}")
    return links, costs


def offer_table(G, offers, groups=None, weight: str = "cost") -> dict:
    """For each pair of groups of turn 1's site map (``(i, j)``, ``i < j``), the offered link
    networkx takes between them, as ``(u, v, cost)``."""
    mapping = site_map(G, groups).graph["mapping"]
    links, costs = _read_offers(G, offers, weight)
    table = {}
    for (u, v), cost in zip(links, costs):
        pair = tuple(sorted((mapping[u], mapping[v])))
        if pair[0] != pair[1] and (pair not in table or cost < table[pair][2]):
            table[pair] = (u, v, cost)
    return dict(sorted(table.items()))


def connect_plan(G, offers=None, weight: str = "cost") -> list:
    """The links, in networkx's order, whose addition connects every site of ``G``: the fewest
    links when any may be added (``offers`` None), else the cheapest set of offered links."""
    site_map(G)  # checks the network
    if G.number_of_nodes() < 2:
        return []
    if offers is not None:
        _read_offers(G, offers, weight)
    try:
        return list(nx.k_edge_augmentation(G, 1, avail=offers, weight=weight))
    except nx.NetworkXUnfeasible as error:
        raise ValueError("the offered links cannot connect every site") from error


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
