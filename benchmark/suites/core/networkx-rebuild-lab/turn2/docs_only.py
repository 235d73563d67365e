"""Written from the networkx documentation only (inverse_line_graph notes, Roussopoulos's odd triangles).

Odd triangles of a segment map, and groups merged when they share members."""

import networkx as nx

from rebuild.junctions import junction_cells, rebuild, first_junction


def odd_triangle(L, trio) -> bool:
    """Whether networkx counts the triangle ``trio`` of segments of ``L`` as odd."""
    trio = tuple(trio)
    if any(t not in L for t in trio) or any(not L.has_edge(a, b) for a in trio for b in trio if a != b):
        raise ValueError(f"{trio!r} is not a triangle of the map")
    # odd: some other segment meets exactly one or all three of the trio
    counts = {}
    for t in trio:
        for v in L[t]:
            if v not in trio:
                counts[v] = counts.get(v, 0) + 1
    return any(c in (1, 3) for c in counts.values())


def _as_sets(groups, k: int) -> list:
    """The groups as sets, refusing empty groups and ``k`` below 1."""
    if k < 1:
        raise ValueError("k must be at least 1")
    sets = [set(g) for g in groups]
    if any(not s for s in sets):
        raise ValueError("a group cannot be empty")
    return sets


def _sorted_groups(merged) -> list:
    return [sorted(group) for group in merged]


def merge_groups(groups, k: int = 1) -> list:
    """The groups merged, as networkx merges them, whenever two share at least ``k`` members
    (merging repeats through chains of groups), as sorted lists in networkx's order."""
    sets = _as_sets(groups, k)
    merged = True
    while merged:
        merged = False
        for i in range(len(sets)):
            for j in range(i + 1, len(sets)):
                if len(sets[i] & sets[j]) >= k:
                    sets[i] |= sets.pop(j)
                    merged = True
                    break
            if merged:
                break
    return _sorted_groups(sets)


def odd_triangles(L) -> list:
    """Every triangle of ``L`` (sorted trio) that networkx counts as odd, sorted."""
    trios = {tuple(sorted(c)) for c in nx.enumerate_all_cliques(L) if len(c) == 3}
    return sorted(t for t in trios if odd_triangle(L, t))


def group_report(L, k: int = 2, first=None) -> dict:
    """``{"start", "cells", "merged", "odd", "junctions"}``: turn 1's starting cell and cells,
    the cells merged by ``merge_groups`` with ``k``, the odd triangles, and the number of
    junctions of turn 1's ``rebuild``."""
    cells = junction_cells(L, first)
    return {
        "start": first_junction(L, first),
        "cells": cells,
        "merged": merge_groups(cells, k),
        "odd": odd_triangles(L),
        "junctions": rebuild(L, first)["junctions"],
    }
