"""Recovering junctions from a map of road segments (segments adjacent when they meet)."""

import networkx as nx
from itertools import combinations

from networkx.generators.line import _select_starting_cell


def _segment_map(L):
    """Refuse what cannot be a map of meeting segments."""
    if L.is_directed() or L.is_multigraph():
        raise ValueError("a segment map is a plain two-way graph")
    if nx.number_of_selfloops(L):
        raise ValueError("a segment cannot meet itself")
    if L.number_of_edges() == 0:
        raise ValueError("a segment map needs segments that meet")


def first_junction(L, first=None) -> tuple:
    """The group of segments meeting at one junction that networkx starts from when it
    recovers the junctions of ``L``, from the meeting ``first`` (a link of ``L``) if given."""
    _segment_map(L)
    if first is not None and not L.has_edge(*first):
        raise ValueError(f"{first!r} is not a link of the segment map")
    try:
        return tuple(_select_starting_cell(L, starting_edge=first))
    except nx.NetworkXError as error:
        raise ValueError(f"not a segment map: {error}") from error


def junction_cells(L, first=None) -> list:
    """The groups of segments meeting at one junction, in the order networkx finds them from
    ``first_junction(L, first)``, each a tuple."""
    _segment_map(L)
    cell = first_junction(L, first)
    try:
        G_partition = L.copy()
        P = [cell]
        G_partition.remove_edges_from(list(combinations(cell, 2)))
        partitioned_vertices = list(cell)
        while G_partition.number_of_edges() > 0:
            u = partitioned_vertices.pop()
            deg_u = len(G_partition[u])
            if deg_u != 0:
                new_cell = [u] + list(G_partition[u])
                for u in new_cell:
                    for v in new_cell:
                        if (u != v) and (v not in G_partition[u]):
                            msg = "G is not a line graph (partition cell not a complete subgraph)"
                            raise nx.NetworkXError(msg)
                P.append(tuple(new_cell))
                G_partition.remove_edges_from(list(combinations(new_cell, 2)))
                partitioned_vertices += new_cell
        return [tuple(c) for c in P]
    except nx.NetworkXError as error:
        raise ValueError(f"not a segment map: {error}") from error


def rebuild(L, first=None) -> dict:
    """``{"cells", "ends", "junctions", "roads"}``: the cells of ``junction_cells``, the
    segments found in one cell only (their other end is a dead end), the number of junctions
    (cells plus dead ends) and the rebuilt road network as sorted pairs of junction numbers
    (cells numbered first, in order, then the dead ends in the map's order)."""
    cells = junction_cells(L, first)
    ends = _dead_ends(L, cells)
    junctions = cells + [(s,) for s in ends]
    return {"cells": cells, "ends": ends, "junctions": len(junctions), "roads": _roads(junctions)}


def _dead_ends(L, cells) -> list:
    """The segments of ``L`` found in one cell only, refusing a segment in three or more."""
    count = {s: sum(s in c for c in cells) for s in L}
    if max(count.values()) > 2:
        raise ValueError("not a segment map: a segment lies in more than two cells")
    return [s for s in L if count[s] == 1]


def _roads(junctions) -> list:
    """Sorted pairs of positions of junctions that share a segment."""
    return sorted(
        (i, j) for i in range(len(junctions)) for j in range(i + 1, len(junctions)) if set(junctions[i]) & set(junctions[j])
    )
