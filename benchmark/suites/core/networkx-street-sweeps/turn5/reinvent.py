"""Sweeping days (neighbouring sites never on the same day) and maps of overlapping districts."""

import networkx as nx
from networkx.algorithms.coloring.greedy_coloring import _greedy_coloring_with_interchange
from itertools import chain, combinations, permutations, product

from networkx import density

from sweep.lanes import district_loops
from sweep.routes import route_start, sweep_legs


def sweep_days(G, order=None) -> dict:
    """A day (0, 1, ...) for each site, neighbours never on the same day, from networkx's
    coloring that swaps days between sites to keep their number low, taking the sites in
    ``order`` (default: the network's order)."""
    if G.is_directed() or G.is_multigraph():
        raise ValueError("days are planned on two-way districts without parallel lanes")
    order = list(G) if order is None else list(order)
    if sorted(map(repr, order)) != sorted(map(repr, G)) or len(set(order)) != len(G):
        raise ValueError("the order must name every site exactly once")
    if any(G.has_edge(n, n) for n in G):
        raise ValueError("a site with a street to itself cannot be given a day")
    return _greedy_coloring_with_interchange(G, order)


def district_map(G, districts) -> dict:
    """``{"districts", "links"}``: each district numbered in the order given, with its sorted
    sites and its number of streets, and for each pair of districts joined by streets the
    total ``"length"`` (1 a street when missing) of the streets networkx counts between them.
    Districts may overlap; a site in no district is left out."""
    blocks = [frozenset(d) for d in districts]
    for block in blocks:
        if not block or any(site not in G for site in block):
            raise ValueError("each district must hold sites of the network")

    def describe(block):
        inside = G.subgraph(block)
        return {"sites": sorted(block), "streets": inside.number_of_edges()}

    F, node_data, weight = nx.Graph(G), describe, "length"
    H = F.__class__()
    partition = [frozenset(b) for b in blocks]
    H.add_nodes_from((b, node_data(b)) for b in partition)

    def edge_relation(b, c):
        return any(v in F[u] for u, v in product(b, c))

    def edge_data(b, c):
        edgedata = (d for u, v, d in F.edges(b | c, data=True) if (u in b and v in c) or (u in c and v in b))
        return {"weight": sum(d.get(weight, 1) for d in edgedata)}

    block_pairs = permutations(H, 2) if H.is_directed() else combinations(H, 2)
    if H.is_multigraph():
        edges = chain.from_iterable(
            ((b, c, F.get_edge_data(u, v, default={})) for u, v in product(b, c) if v in F[u])
            for b, c in block_pairs
            if edge_relation(b, c)
        )
    else:
        edges = ((b, c, edge_data(b, c)) for (b, c) in block_pairs if edge_relation(b, c))
    H.add_edges_from(edges)
    H = nx.relabel_nodes(H, {b: i for i, b in enumerate(partition)})
    if not H.graph and not density(F):
        H.graph.update(F.graph)
    return {
        "districts": {i: dict(H.nodes[i]) for i in H},
        "links": {tuple(sorted((i, j))): d["weight"] for i, j, d in H.edges(data=True)},
    }


def day_report(G, districts) -> dict:
    """``{"days", "district_days", "loops", "start", "legs"}``: the days of the sites taken in
    the order turn 1's walk first reaches them, the days of the districts of ``district_map``,
    the number of turn 2's loops, turn 1's route start and the legs of turn 1's walk."""
    legs = sweep_legs(G)
    order = list(dict.fromkeys([v for leg in reversed(legs) for v in leg[::-1]] + list(G)))
    mapped = district_map(G, districts)
    D = nx.Graph(list(mapped["links"]))
    D.add_nodes_from(mapped["districts"])
    return {
        "days": sweep_days(G, order),
        "district_days": sweep_days(D),
        "loops": len(district_loops(G)),
        "start": route_start(G),
        "legs": legs,
    }
