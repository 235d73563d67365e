"""Cohesive groups: networks split by cut sets, and dense groups found by networkx's heuristic."""

from itertools import combinations

import networkx as nx
from networkx.algorithms.approximation import local_node_connectivity
from networkx.algorithms.approximation.kcomponents import _AntiGraph, _cliques_heuristic
from networkx.algorithms.connectivity.kcomponents import _consolidate

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
    def has_nbrs_in_partition(G, node, partition):
        return any(n in partition for n in G[node])

    components = []
    nodes = {n for n, d in G.degree() if d > k} - {n for cut in cuts for n in cut}
    H = G.subgraph(nodes)
    for cc in nx.connected_components(H):
        component = set(cc)
        for cut in cuts:
            for node in cut:
                if has_nbrs_in_partition(G, node, cc):
                    component.add(node)
        if len(component) < G.order():
            components.append(component)
    return [sorted(part) for part in _consolidate(components, k + 1)]


def dense_groups(G, k: int, density: float = 0.95) -> list:
    """The groups networkx's approximate search for ``k``-connected groups keeps at level ``k``
    (its clique heuristic over pairs that fewer than ``k`` paths join), sorted lists in order."""
    _plain(G)
    if k < 3:
        raise ValueError("the heuristic starts at k = 3")
    groups = []
    for nodes in nx.biconnected_components(nx.k_core(G, k)):
        if len(nodes) < k:
            continue
        SG = G.subgraph(nodes)
        H = _AntiGraph()
        H.add_nodes_from(SG.nodes())
        for u, v in combinations(SG, 2):
            if local_node_connectivity(SG, u, v, cutoff=k) < k:
                H.add_edge(u, v)
        for h_nodes in nx.biconnected_components(H):
            if len(h_nodes) > k:
                for found in _cliques_heuristic(SG, H.subgraph(h_nodes), k, density):
                    groups.append(sorted(found))
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
