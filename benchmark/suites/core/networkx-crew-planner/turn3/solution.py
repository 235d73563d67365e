"""Who reaches whom: shortest-path counts between group members, and tight crews."""

import networkx as nx
from networkx.algorithms.centrality.group import _group_preprocessing
from networkx.algorithms.connectivity.edge_kcomponents import general_k_edge_subgraphs

from crew.cliques import best_crew
from crew.shifts import loners


def path_counts(G, group, weight=None) -> dict:
    """``{"paths", "distance", "through"}`` for each ordered pair ``(a, b)`` of distinct members
    of ``group`` that are joined, keyed in the group's order: the number of shortest paths
    from ``a`` to ``b``, their length, and the weight networkx's group-brokerage computation
    gives the pair, as networkx prepares them."""
    group = list(dict.fromkeys(group))
    if any(member not in G for member in group):
        raise ValueError("the group names somebody not in the network")
    through, paths, distance = _group_preprocessing(G, set(group), weight)
    out = {"paths": {}, "distance": {}, "through": {}}
    for a in group:
        for b in group:
            if a != b and b in distance[a]:
                out["paths"][a, b] = paths[a][b]
                out["distance"][a, b] = distance[a][b]
                out["through"][a, b] = through[a][b]
    return out


def tight_crews(G, k: int) -> list:
    """The groups of people that stay linked after any ``k - 1`` ties break, as networkx's
    general search for them finds them: each a sorted list, sorted."""
    if k < 1:
        raise ValueError("k must be at least 1")
    if G.is_multigraph():
        raise ValueError("parallel ties are not supported")
    return sorted(sorted(part.nodes) for part in general_k_edge_subgraphs(G, k))


def reach_report(G, k: int = 2, weight=None) -> dict:
    """``{"crew", "counts", "tight", "loners"}``: turn 1's ``best_crew`` members, the shortest
    path counts between them, the ``tight_crews`` for ``k`` and turn 2's ``loners`` for ``k``."""
    members, _ = best_crew(G, weight)
    return {
        "crew": members,
        "counts": path_counts(G, members)["paths"],
        "tight": tight_crews(G, k),
        "loners": loners(G, k),
    }
