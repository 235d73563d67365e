"""Merging communities step by step, and refining given communities by local moves."""

import networkx as nx
from networkx.algorithms.community.louvain import _one_level
from networkx.algorithms.community.modularity_max import _greedy_modularity_communities_generator

from crowd.blocks import community_graph, cross_links, weighted_copy


def merge_steps(G, weight="weight", resolution=1) -> list:
    """The steps of networkx's greedy modularity merging of ``G``: first ``(communities,
    None)`` with one community per member, then after each merge ``(communities, gain)``, the
    communities (sets, in networkx's order) and the modularity gain of that merge.  Links
    without ``weight`` (or all, when it is None) weigh 1."""
    if G.number_of_nodes() == 0:
        return []
    steps = []
    singles = [{node} for node in G]
    if G.size(weight) == 0:
        return [(singles, None)]
    merging = _greedy_modularity_communities_generator(G, weight=weight, resolution=resolution)
    steps.append(([set(c) for c in next(merging)], None))
    for gain in merging:
        steps.append(([set(c) for c in next(merging)], gain))
    return steps


def refine(G, communities, seed=0, resolution=1, weight="weight") -> list:
    """The communities after one pass of networkx's Louvain local moves that starts from
    ``communities`` (turn 1's community graph), moves drawn with ``seed``."""
    C = community_graph(G, communities, weight)
    total = weighted_copy(G, weight).size(weight="weight")
    members = [set(C.nodes[i]["nodes"]) for i in C]
    if total == 0:
        return members
    moved, _, _ = _one_level(C, total, members, resolution, G.is_directed(), nx.utils.create_py_random_state(seed))
    return moved


def merge_report(G, weight="weight") -> dict:
    """``{"merges": ..., "best": ..., "cross": ..., "inside": ...}``: the merges of
    ``merge_steps`` before the first one that lowers modularity, the communities they leave
    (each sorted, largest first, ties by smallest member), turn 1's cross links of those and
    the total weight of the links inside them (the loops of turn 1's community graph)."""
    steps = merge_steps(G, weight)
    if not steps:
        return {"merges": 0, "best": [], "cross": 0, "inside": 0}
    best, merges = steps[0][0], 0
    for communities, gain in steps[1:]:
        if gain < 0:
            break
        best, merges = communities, merges + 1
    C = community_graph(G, best, weight)
    return {
        "merges": merges,
        "best": sorted((sorted(c) for c in best), key=lambda c: (-len(c), c[0])),
        "cross": cross_links(G, best),
        "inside": sum(w for u, v, w in C.edges(data="weight") if u == v),
    }
