"""Written from the networkx documentation only (is_d_separator, complement).

Influence along reporting lines, and who does not yet work with whom."""

import networkx as nx

from crew.cliques import best_crew
from crew.shifts import loners


def influenced(D, sources, blocked=(), among=None) -> list:
    """The people networkx's ball-passing search for dependence reaches from ``sources`` along
    the reporting lines of the directed acyclic network ``D`` when the views of ``blocked``
    are known, moving only through ``among`` (default: everybody); sorted."""
    if not D.is_directed() or not nx.is_directed_acyclic_graph(D):
        raise ValueError("reporting lines form a directed network without cycles")
    sources, blocked = set(sources), set(blocked)
    among = set(D) if among is None else set(among)
    if not sources <= set(D) or not blocked <= set(D) or not among <= set(D):
        raise ValueError("unknown people")
    if sources & blocked:
        raise ValueError("a source cannot be blocked")
    # people not separated from the sources by the blocked ones
    return sorted(p for p in among if p in sources or (p not in blocked and not nx.is_d_separator(D, sources, {p}, blocked)))


def strangers(G, people) -> dict:
    """For each of ``people`` (in the order given), the sorted others of ``people`` they do not
    work with, from networkx's view of the network's complement."""
    if G.is_directed():
        raise ValueError("working relations are two-way")
    people = list(dict.fromkeys(people))
    if any(p not in G for p in people):
        raise ValueError("unknown people")
    view = nx.complement(G.subgraph(people))
    return {p: sorted(view[p]) for p in people}


def influence_report(D, sources, blocked=(), weight=None) -> dict:
    """``{"influenced", "crew", "source_strangers", "loners"}``: ``influenced``, turn 1's
    ``best_crew`` members of the network taken two-way, the ``strangers`` among the sources,
    and turn 2's ``loners`` of ``D`` with fewer than one tie either way."""
    both = D.to_undirected()
    return {
        "influenced": influenced(D, sources, blocked),
        "crew": best_crew(both, weight)[0],
        "source_strangers": strangers(both, sources),
        "loners": loners(D, 1),
    }
