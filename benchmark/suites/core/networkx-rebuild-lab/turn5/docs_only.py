"""Written from the networkx documentation only (k_components, approximation.k_components).

Cohesive groups: networks split by cut sets, and dense groups found by networkx's heuristic."""

import networkx as nx

from rebuild.finish import random_rebuild
from rebuild.groups import merge_groups


def _plain(G):
    if G.is_directed() or G.is_multigraph():
        raise ValueError("a plain two-way network is needed")
    return G


def split_by_cuts(G, cuts, k: int) -> list:
    """The parts networkx makes of ``G`` from the cut sets ``cuts`` when it looks for groups
    that stay joined after ``k`` sites fail, as sorted lists in networkx's order."""
    _plain(G)
    cuts = [set(c) for c in cuts]
    if any(site not in G for cut in cuts for site in cut):
        raise ValueError("a cut names a site not in the network")
    H = G.copy()
    H.remove_nodes_from(n for cut in cuts for n in cut)
    parts = []
    for cc in nx.connected_components(H):
        part = set(cc) | {n for cut in cuts for n in cut if any(m in cc for m in G[n])}
        parts.append(sorted(part))
    return parts


def dense_groups(G, k: int, density: float = 0.95) -> list:
    """The groups networkx's approximate search for ``k``-connected groups keeps at level ``k``
    (its clique heuristic over pairs that fewer than ``k`` paths join), sorted lists in order."""
    _plain(G)
    if k < 3:
        raise ValueError("the heuristic starts at k = 3")
    groups = [sorted(c) for c in nx.approximation.k_components(G, density).get(k, [])]
    return groups


def rebuilt_cohesion(degrees, seed: int = 0, k: int = 3) -> dict:
    """``{"links", "cuts", "split", "dense", "merged"}``: turn 4's ``random_rebuild``, the
    smallest cut sets of the rebuilt network, its split by them at their size, its dense
    groups at ``k`` and those groups merged when they share ``k`` sites (turn 2)."""
    links = random_rebuild(degrees, seed)
    G = nx.Graph(links)
    G.add_nodes_from(range(len(degrees)))
    cuts = sorted(sorted(c) for c in nx.all_node_cuts(G)) if nx.is_connected(G) else []
    dense = dense_groups(G, k)
    return {
        "links": links,
        "cuts": cuts,
        "split": split_by_cuts(G, cuts, len(cuts[0])) if cuts else [],
        "dense": dense,
        "merged": merge_groups(dense, k) if dense else [],
    }
