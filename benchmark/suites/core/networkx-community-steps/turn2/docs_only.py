"""Written from the networkx documentation only (greedy_modularity_communities with
best_n, modularity, louvain_partitions).

Merging communities step by step, and refining given communities by local moves."""

import networkx as nx

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
    steps.append((singles, None))
    before = nx.community.modularity(G, singles, weight=weight, resolution=resolution)
    for n in range(G.number_of_nodes() - 1, 0, -1):
        found = nx.community.greedy_modularity_communities(G, weight=weight, resolution=resolution, cutoff=n, best_n=n)
        found = [set(c) for c in found]
        after = nx.community.modularity(G, found, weight=weight, resolution=resolution)
        steps.append((found, after - before))
        before = after
    return steps


def refine(G, communities, seed=0, resolution=1, weight="weight") -> list:
    """The communities after one pass of networkx's Louvain local moves that starts from
    ``communities`` (turn 1's community graph), moves drawn with ``seed``."""
    C = community_graph(G, communities, weight)
    total = weighted_copy(G, weight).size(weight="weight")
    members = [set(C.nodes[i]["nodes"]) for i in C]
    if total == 0:
        return members
    first = next(nx.community.louvain_partitions(C, resolution=resolution, seed=seed))
    return [set().union(*(C.nodes[i]["nodes"] for i in part)) for part in first]


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
