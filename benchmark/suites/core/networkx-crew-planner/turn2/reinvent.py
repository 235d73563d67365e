"""Equal shifts: placeholders networkx adds to split people evenly, and people with few ties."""

import networkx as nx
from networkx.algorithms.connectivity.edge_kcomponents import _low_degree_nodes

from crew.cliques import best_crew, crew_table


def shift_padding(G, shifts: int) -> dict:
    """``{"per_shift", "placeholders", "links"}``: how many people each of ``shifts`` equal
    shifts gets once networkx pads the network (people numbered 0, 1, ... in the network's
    order), the placeholder numbers it adds and the links it puts between them, as sorted
    pairs, sorted."""
    if G.is_directed():
        raise ValueError("working relations are two-way")
    if shifts < 1:
        raise ValueError("at least one shift is needed")
    numbered = nx.convert_node_labels_to_integers(nx.Graph(G))
    before = set(numbered)
    n_ = len(numbered)
    r = shifts - 1
    per_shift = n_ // (r + 1)
    if n_ != per_shift * (r + 1):
        p = (r + 1) - n_ % (r + 1)
        per_shift += 1
        K = nx.relabel_nodes(nx.complete_graph(p), {idx: idx + n_ for idx in range(p)})
        numbered.add_edges_from(K.edges)
    added = sorted(set(numbered) - before)
    links = sorted(tuple(sorted(e)) for e in numbered.edges(added))
    return {"per_shift": per_shift, "placeholders": added, "links": sorted(set(links))}


def _level(k: int) -> None:
    if k < 1:
        raise ValueError("k must be at least 1")


def _people(found) -> list:
    return list(found)


def loners(G, k: int = 2) -> list:
    """The people with fewer than ``k`` ties (in a directed network, fewer than ``k`` outgoing
    or fewer than ``k`` incoming), in the order networkx's search for tight groups sets them
    aside."""
    _level(k)
    return _people(_low_degree_nodes(G, k))


def shift_plan(G, shifts: int, weight=None) -> dict:
    """``{"shifts", "crew_shifts", "loners", "crew_totals"}``: networkx's equitable shift for
    each person, the shifts of the members of turn 1's ``best_crew`` (in its order), the
    ``loners`` with fewer than 2 ties, and turn 1's ``crew_table`` totals."""
    if shifts <= max((d for _, d in G.degree()), default=0):
        raise ValueError("more shifts than anybody's number of ties are needed")
    plan = nx.equitable_color(G, shifts)
    members, _ = best_crew(G, weight)
    totals = crew_table(G, weight)
    del totals["best"]
    return {"shifts": plan, "crew_shifts": [plan[m] for m in members], "loners": loners(G, 2), "crew_totals": totals}
