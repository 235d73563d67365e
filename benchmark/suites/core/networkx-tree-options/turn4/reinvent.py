"""Trees compared under one numbering, and trees that tie chosen sites together."""

import networkx as nx
from networkx.algorithms.approximation.steinertree import _kou_steiner_tree

from spanning.picks import pick_order, plan_summary
from spanning.ranked import grow_order


def _tree(T, root):
    """Refuse what is not a two-way tree holding ``root``."""
    if T.is_directed() or not nx.is_tree(T):
        raise ValueError("a two-way tree is needed")
    if root not in T:
        raise ValueError(f"the root {root!r} is not a site of the tree")


def joint_numbering(left, left_root, right, right_root) -> dict:
    """Both trees hung under one new root and numbered together as networkx numbers them when
    it compares rooted trees: ``{"links", "names", "roots"}``."""
    _tree(left, left_root)
    _tree(right, right_root)
    joined = nx.DiGraph()
    first = 1
    second = nx.number_of_nodes(left) + 1
    namemap1 = {left_root: first}
    namemap2 = {right_root: second}
    joined.add_edge(0, namemap1[left_root])
    joined.add_edge(0, namemap2[right_root])
    for i, (v1, v2) in enumerate(nx.bfs_edges(left, left_root)):
        namemap1[v2] = i + namemap1[left_root] + 1
        joined.add_edge(namemap1[v1], namemap1[v2])
    for i, (v1, v2) in enumerate(nx.bfs_edges(right, right_root)):
        namemap2[v2] = i + namemap2[right_root] + 1
        joined.add_edge(namemap2[v1], namemap2[v2])
    names = {}
    for old, new in namemap1.items():
        names[new] = old
    for old, new in namemap2.items():
        names[new] = old
    return {"links": list(joined.edges()), "names": names, "roots": (first, second)}


def tie_sites(G, sites, weight: str = "weight") -> list:
    """The links of the tree networkx's metric-closure method finds to tie ``sites`` together,
    in networkx's order."""
    if G.is_directed() or G.is_multigraph():
        raise ValueError("a two-way network without parallel links is needed")
    sites = list(sites)
    missing = [s for s in sites if s not in G]
    if missing:
        raise ValueError(f"unknown sites: {missing!r}")
    if len(set(sites)) < 2:
        return []
    component = G.subgraph(nx.node_connected_component(G, sites[0]))
    if any(s not in component for s in sites):
        raise ValueError("the sites are not all reachable from one another")
    return list(_kou_steiner_tree(component, sites, weight))


def tie_report(G, sites, weight: str = "weight") -> dict:
    """The tie of ``sites``, its weight and how turn 1 and turn 2 order the same links."""
    links = tie_sites(G, sites, weight)
    T = G.edge_subgraph(links).copy() if links else nx.Graph()
    return {
        "links": links,
        "weight": plan_summary(T, weight=weight)["weight"],
        "pick": pick_order(T, weight=weight),
        "grow": grow_order(T, weight=weight),
        "relays": sorted(n for n in T if n not in set(sites)),
    }
