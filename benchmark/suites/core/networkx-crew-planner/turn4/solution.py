"""Summaries of the organisation by role, refined the way networkx's SNAP summary refines them."""

from collections import defaultdict

from networkx.algorithms.summarization import _snap_build_graph, _snap_eligible_group, _snap_split

from crew.cliques import best_crew
from crew.shifts import loners


def _setup(G, roles, ties):
    """Tie types of both directions of every tie, each person's role, and the role groups."""
    if G.is_directed() or G.is_multigraph():
        raise ValueError("a two-way network without parallel ties is needed")
    if any(role not in d for _, d in G.nodes(data=True) for role in roles):
        raise ValueError("every person needs every role attribute")
    kinds = {edge: tuple(d.get(t) for t in ties) for edge, d in G.edges.items()}
    kinds.update({(v, u): kind for (u, v), kind in list(kinds.items())})
    lookup = {n: tuple(d[role] for role in roles) for n, d in G.nodes.items()}
    groups = defaultdict(set)
    for person, key in lookup.items():
        groups[key].add(person)
    return kinds, lookup, groups


def split_steps(G, roles, ties=()) -> list:
    """The groups networkx's SNAP summary splits, in order, while it refines the grouping by the
    node attributes ``roles`` until every group's members have the same kinds of ties (by the
    edge attributes ``ties``) to every group: each ``(group id, sorted members before the
    split)``, ids being role tuples for the first groups and numbers for split-off groups."""
    kinds, lookup, groups = _setup(G, roles, ties)
    steps = []
    eligible, info = _snap_eligible_group(G, groups, lookup, kinds)
    while eligible:
        steps.append((eligible, sorted(groups[eligible])))
        groups = _snap_split(groups, info, lookup, eligible)
        eligible, info = _snap_eligible_group(G, groups, lookup, kinds)
    return steps


def role_summary(G, roles, ties=(), prefix: str = "Group-") -> dict:
    """``{"groups", "links"}`` of networkx's SNAP summary graph: each summary node's sorted
    members, and each summary link as ``(a, b, sorted tie kinds)``, sorted."""
    kinds, lookup, groups = _setup(G, roles, ties)
    eligible, info = _snap_eligible_group(G, groups, lookup, kinds)
    while eligible:
        groups = _snap_split(groups, info, lookup, eligible)
        eligible, info = _snap_eligible_group(G, groups, lookup, kinds)
    summary = _snap_build_graph(G, groups, list(roles), list(ties), info, kinds, prefix, "group", "types")
    return {
        "groups": {n: sorted(d["group"]) for n, d in summary.nodes(data=True)},
        "links": sorted((a, b, sorted(tuple(sorted(t.items())) for t in d["types"])) for a, b, d in summary.edges(data=True)),
    }


def crew_summary(G, roles, weight=None) -> dict:
    """``{"steps", "crew_groups", "loner_groups"}``: how many splits ``split_steps`` makes, and
    the summary nodes holding turn 1's ``best_crew`` members and turn 2's ``loners``."""
    groups = role_summary(G, roles)["groups"]
    where = {person: name for name, members in groups.items() for person in members}
    return {
        "steps": len(split_steps(G, roles)),
        "crew_groups": sorted({where[p] for p in best_crew(G, weight)[0]}),
        "loner_groups": sorted({where[p] for p in loners(G)}),
    }
