"""Odd triangles of a segment map, and groups merged when they share members."""

import networkx as nx
from networkx.algorithms.connectivity.kcomponents import _consolidate
from networkx.generators.line import _odd_triangle

from rebuild.junctions import junction_cells, rebuild, first_junction


def odd_triangle(L, trio) -> bool:
    """Whether networkx counts the triangle ``trio`` of segments of ``L`` as odd."""
    try:
        return bool(_odd_triangle(L, tuple(trio)))
    except nx.NetworkXError as error:
        raise ValueError(f"{tuple(trio)!r} is not a triangle of the map") from error


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
    return _sorted_groups(_consolidate(sets, k))


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
