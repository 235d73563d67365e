"""Written from the networkx documentation only (max_weight_clique).

Crews: groups of people who all work well with each other, weighted by skill."""

import networkx as nx


def _search(G, weight):
    """networkx's best-weight group search over ``G``, refusing what it cannot weigh."""
    if G.is_directed():
        raise ValueError("working relations are two-way")
    if weight is not None and any(weight not in d for _, d in G.nodes(data=True)):
        raise ValueError(f"a person has no {weight!r}")
    return G


def _result(search) -> tuple:
    """The crew the search holds, as ``(members, total)``."""
    return list(search.incumbent_nodes), search.incumbent_weight


def best_crew(G, weight=None) -> tuple:
    """``(members, total)``: the heaviest group of people who all work with each other, the
    members in the order networkx's search adds them; every person weighs 1 without ``weight``."""
    _search(G, weight)
    members, total = nx.max_weight_clique(G, weight=weight)
    return list(members), total


def best_crew_with(G, must, weight=None) -> tuple:
    """``(members, total)``: the heaviest such group that holds every person of ``must`` (who
    must all work with each other), ``must`` first, then in the order networkx's search adds
    the others."""
    _search(G, weight)
    must = list(dict.fromkeys(must))
    for person in must:
        if person not in G:
            raise ValueError(f"unknown person {person!r}")
    if any(not G.has_edge(a, b) for i, a in enumerate(must) for b in must[i + 1:]):
        raise ValueError("the required people do not all work with each other")
    def w(v):
        return 1 if weight is None else G.nodes[v][weight]

    others = [v for v in G if v not in must and all(G.has_edge(v, p) for p in must) and w(v) > 0]
    extra, extra_total = nx.max_weight_clique(G.subgraph(others), weight=weight) if others else ([], 0)
    return list(must) + list(extra), sum(w(p) for p in must) + extra_total


def crew_table(G, weight=None) -> dict:
    """For each person, in the network's order, the total of the heaviest group holding them,
    and ``"best"``: the members of ``best_crew`` sorted."""
    _search(G, weight)
    table = {person: best_crew_with(G, [person], weight)[1] for person in G}
    table["best"] = sorted(best_crew(G, weight)[0])
    return table
