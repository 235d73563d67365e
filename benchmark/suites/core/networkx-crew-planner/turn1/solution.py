"""Crews: groups of people who all work well with each other, weighted by skill."""

import networkx as nx
from networkx.algorithms.clique import MaxWeightClique


def _search(G, weight):
    """networkx's best-weight group search over ``G``, refusing what it cannot weigh."""
    if G.is_directed():
        raise ValueError("working relations are two-way")
    try:
        return MaxWeightClique(G, weight)
    except KeyError as error:
        raise ValueError(f"a person has no {weight!r}") from error


def _result(search) -> tuple:
    """The crew the search holds, as ``(members, total)``."""
    return list(search.incumbent_nodes), search.incumbent_weight


def best_crew(G, weight=None) -> tuple:
    """``(members, total)``: the heaviest group of people who all work with each other, the
    members in the order networkx's search adds them; every person weighs 1 without ``weight``."""
    search = _search(G, weight)
    search.find_max_weight_clique()
    return _result(search)


def best_crew_with(G, must, weight=None) -> tuple:
    """``(members, total)``: the heaviest such group that holds every person of ``must`` (who
    must all work with each other), ``must`` first, then in the order networkx's search adds
    the others."""
    search = _search(G, weight)
    must = list(dict.fromkeys(must))
    for person in must:
        if person not in G:
            raise ValueError(f"unknown person {person!r}")
    if any(not G.has_edge(a, b) for i, a in enumerate(must) for b in must[i + 1:]):
        raise ValueError("the required people do not all work with each other")
    base = sum(search.node_weights[p] for p in must)
    others = sorted((v for v in G if v not in must and all(G.has_edge(v, p) for p in must)), key=G.degree, reverse=True)
    others = [v for v in others if search.node_weights[v] > 0]
    search.incumbent_nodes, search.incumbent_weight = list(must), base
    search.expand(list(must), base, others)
    return _result(search)


def crew_table(G, weight=None) -> dict:
    """For each person, in the network's order, the total of the heaviest group holding them,
    and ``"best"``: the members of ``best_crew`` sorted."""
    _search(G, weight)
    table = {person: best_crew_with(G, [person], weight)[1] for person in G}
    table["best"] = sorted(best_crew(G, weight)[0])
    return table
