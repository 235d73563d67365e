"""Elimination bags under an operator's rule, and a second, quicker tie of chosen sites."""

import networkx as nx
from networkx.algorithms.approximation.steinertree import _mehlhorn_steiner_tree
from networkx.algorithms.approximation.treewidth import treewidth_decomp

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

    width, tree = treewidth_decomp(G, checked)
    bags = list(tree.nodes)
    position = {bag: i for i, bag in enumerate(bags)}
    return {
        "width": width,
        "bags": [sorted(bag) for bag in bags],
        "links": [(position[a], position[b]) for a, b in tree.edges],
    }


def quick_tie(G, sites, weight: str = "weight") -> list:
    """The links of the tree networkx's nearest-site method finds to tie ``sites`` together,
    in networkx's order; refuses what turn 4's ``tie_sites`` refuses."""
    tie_sites(G, sites, weight)
    sites = list(dict.fromkeys(sites))
    if len(sites) < 2:
        return []
    component = G.subgraph(nx.node_connected_component(G, sites[0]))
    return list(_mehlhorn_steiner_tree(component, sites, weight))


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
