"""Influence and likeness of members, and one report on the communities of a network."""

import networkx as nx
from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python
from networkx.algorithms.similarity import _simrank_similarity_python

from crowd.merge import merge_report, refine
from crowd.votes import split_report


def influence(G, alpha=0.85, personalization=None, weight="weight", dangling=None) -> dict:
    """Each member's PageRank as networkx's pure Python power iteration computes it (no
    numerical library needed); ``ValueError`` when it does not settle."""
    if not 0 < alpha < 1:
        raise ValueError("alpha must lie strictly between 0 and 1")
    try:
        return _pagerank_python(G, alpha=alpha, personalization=personalization, weight=weight, dangling=dangling)
    except nx.PowerIterationFailedConvergence as error:
        raise ValueError("the ranks did not settle") from error


def similar_members(G, member, top: int = 3, importance: float = 0.9) -> list:
    """The ``top`` members most like ``member`` by networkx's SimRank (pure Python), as
    ``(other, score)``, most alike first, ties in the order of ``G``; ``member`` left out."""
    if member not in G:
        raise KeyError(member)
    try:
        scores = _simrank_similarity_python(G, source=member, importance_factor=importance)
    except nx.ExceededMaxIterations as error:
        raise ValueError("the similarities did not settle") from error
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
