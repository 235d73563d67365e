"""Influence and likeness of members, and one report on the communities of a network."""

from itertools import product

import networkx as nx

from crowd.merge import merge_report, refine
from crowd.votes import split_report


def influence(G, alpha=0.85, personalization=None, weight="weight", dangling=None) -> dict:
    """Each member's PageRank as networkx's pure Python power iteration computes it (no
    numerical library needed); ``ValueError`` when it does not settle."""
    if not 0 < alpha < 1:
        raise ValueError("alpha must lie strictly between 0 and 1")
    if len(G) == 0:
        return {}
    W = nx.stochastic_graph(G.to_directed(), weight=weight)
    n = W.number_of_nodes()
    x = dict.fromkeys(W, 1.0 / n)
    p = dict.fromkeys(W, 1.0 / n) if personalization is None else {k: v / sum(personalization.values()) for k, v in personalization.items()}
    spill = p if dangling is None else {k: v / sum(dangling.values()) for k, v in dangling.items()}
    sinks = [u for u in W if W.out_degree(u, weight=weight) == 0.0]
    for _ in range(100):
        last = x
        x = dict.fromkeys(last, 0)
        lost = alpha * sum(last[u] for u in sinks)
        for u in x:
            for _, v, wt in W.edges(u, data=weight):
                x[v] += alpha * last[u] * wt
            x[u] += lost * spill.get(u, 0) + (1.0 - alpha) * p.get(u, 0)
        if sum(abs(x[u] - last[u]) for u in x) < n * 1.0e-6:
            return x
    raise ValueError("the ranks did not settle")


def similar_members(G, member, top: int = 3, importance: float = 0.9) -> list:
    """The ``top`` members most like ``member`` by networkx's SimRank (pure Python), as
    ``(other, score)``, most alike first, ties in the order of ``G``; ``member`` left out."""
    if member not in G:
        raise KeyError(member)
    sim = {u: {v: 1 if u == v else 0 for v in G} for u in G}
    adj = G.pred if G.is_directed() else G.adj
    for its in range(1000):
        old = sim
        sim = {u: {v: 1 if u == v else importance * (sum(old[w][x] for w, x in product(adj[u], adj[v])) / (len(adj[u]) * len(adj[v])) if len(adj[u]) * len(adj[v]) else 0.0) for v in G} for u in G}
        if all(abs(sim[u][v] - o) <= 1e-4 * (1 + abs(o)) for u, row in old.items() for v, o in row.items()):
            break
    else:
        raise ValueError("the similarities did not settle")
    scores = sim[member]
    position = {node: i for i, node in enumerate(G)}
    others = [(node, score) for node, score in scores.items() if node != member]
    return sorted(others, key=lambda pair: (-pair[1], position[pair[0]]))[:top]


def crowd_report(G, seed=0) -> list:
    """One row per community of turn 2's best merge, refined by turn 2 (with ``seed``), in
    the order refinement gives them: ``(members, leader, rank, split)``: the sorted members,
    the one of highest ``influence`` (first in ``G`` among equals) and its rank, and whether
    turn 3's first split of ``G`` keeps the community in one part."""
    best = merge_report(G)["best"]
    ranks = influence(G)
    parts = split_report(G, seed)["parts"] if G.number_of_edges() else [set(G)]
    position = {node: i for i, node in enumerate(G)}
    rows = []
    for community in refine(G, best, seed=seed):
        leader = min(community, key=lambda node: (-ranks[node], position[node]))
        whole = any(community <= part for part in parts)
        rows.append((sorted(community), leader, ranks[leader], whole))
    return rows
