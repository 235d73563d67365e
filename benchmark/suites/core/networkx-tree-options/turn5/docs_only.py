"""Written from the networkx documentation only (treewidth_min_degree, steiner_tree).

Elimination bags under an operator's rule, and a second, quicker tie of chosen sites."""

import networkx as nx
from networkx.algorithms.approximation import steiner_tree

from spanning.picks import plan_summary
from spanning.trees import tie_sites


def elimination_bags(G, rule) -> dict:
    """The bags networkx builds when sites are eliminated in the order ``rule`` picks them
    (``rule(remaining)`` gets each remaining site's set of neighbours and returns the next site,
    or None to stop): ``{"width", "bags", "links"}``, bags as sorted lists in networkx's order,
    links as pairs of bag positions."""
    if G.is_directed():
        raise ValueError("links are two-way: a directed network is refused")
    if len(G) == 0:
        return {"width": -1, "bags": [[]], "links": []}

    def checked(remaining):
        site = rule({n: set(nbrs) for n, nbrs in remaining.items()})
        if site is not None and site not in remaining:
            raise ValueError(f"the rule picked {site!r}, which is not a remaining site")
        return site

    graph = {n: set(G[n]) - {n} for n in G}
    bags = []
    site = checked(graph)
    while site is not None:
        nbrs = graph.pop(site)
        bags.append(sorted(nbrs | {site}))
        for u in nbrs:
            graph[u] |= nbrs - {u}
            graph[u].discard(site)
        site = checked(graph)
    bags.append(sorted(graph))
    width = max(len(b) for b in bags) - 1
    return {"width": width, "bags": bags, "links": [(i, i + 1) for i in range(len(bags) - 1)]}


def quick_tie(G, sites, weight: str = "weight") -> list:
    """The links of the tree networkx's nearest-site method finds to tie ``sites`` together,
    in networkx's order; refuses what turn 4's ``tie_sites`` refuses."""
    tie_sites(G, sites, weight)
    sites = list(dict.fromkeys(sites))
    if len(sites) < 2:
        return []
    component = G.subgraph(nx.node_connected_component(G, sites[0]))
    return list(steiner_tree(component, sites, weight=weight, method="mehlhorn").edges())


def tie_comparison(G, sites, weight: str = "weight") -> dict:
    """Both ties of ``sites`` (turn 4's and the quick one), their weights, and the width of the
    bags of the quick tie's tree when the site with the fewest neighbours goes first."""
    slow, quick = tie_sites(G, sites, weight), quick_tie(G, sites, weight)

    def fewest(remaining):
        return min(remaining, key=lambda n: (len(remaining[n]), n)) if remaining else None

    tree = nx.Graph(quick)
    return {
        "metric": slow,
        "quick": quick,
        "weights": tuple(plan_summary(G.edge_subgraph(t).copy(), weight=weight)["weight"] for t in (slow, quick)),
        "same": {frozenset(e) for e in slow} == {frozenset(e) for e in quick},
        "width": elimination_bags(tree, fewest)["width"],
    }
