"""Summaries of the organisation by role, refined the way networkx's SNAP summary refines them."""

from collections import Counter, defaultdict

from networkx.algorithms.summarization import _snap_build_graph, _snap_split

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


def _eligible(G, groups, group_lookup, edge_types):
    """The first group whose members do not share their kinds of ties, and the tie profile."""
    nbr_info = {node: {gid: Counter() for gid in groups} for node in group_lookup}
    for group_id in groups:
        current_group = groups[group_id]
        for node in current_group:
            nbr_info[node] = {group_id: Counter() for group_id in groups}
            edges = G.edges(node, keys=True) if G.is_multigraph() else G.edges(node)
            for edge in edges:
                neighbor = edge[1]
                edge_type = edge_types[edge]
                neighbor_group_id = group_lookup[neighbor]
                nbr_info[node][neighbor_group_id][edge_type] += 1
        group_size = len(current_group)
        for other_group_id in groups:
            edge_counts = Counter()
            for node in current_group:
                edge_counts.update(nbr_info[node][other_group_id].keys())
            if not all(count == group_size for count in edge_counts.values()):
                return group_id, nbr_info
    return None, nbr_info


def split_steps(G, roles, ties=()) -> list:
    """The groups networkx's SNAP summary splits, in order, while it refines the grouping by the
    node attributes ``roles`` until every group's members have the same kinds of ties (by the
    edge attributes ``ties``) to every group: each ``(group id, sorted members before the
    split)``, ids being role tuples for the first groups and numbers for split-off groups."""
    kinds, lookup, groups = _setup(G, roles, ties)
    steps = []
    eligible, info = _eligible(G, groups, lookup, kinds)
    while eligible:
        steps.append((eligible, sorted(groups[eligible])))
        groups = _snap_split(groups, info, lookup, eligible)
        eligible, info = _eligible(G, groups, lookup, kinds)
    return steps


def role_summary(G, roles, ties=(), prefix: str = "Group-") -> dict:
    """``{"groups", "links"}`` of networkx's SNAP summary graph: each summary node's sorted
    members, and each summary link as ``(a, b, sorted tie kinds)``, sorted."""
    kinds, lookup, groups = _setup(G, roles, ties)
    eligible, info = _eligible(G, groups, lookup, kinds)
    while eligible:
        groups = _snap_split(groups, info, lookup, eligible)
        eligible, info = _eligible(G, groups, lookup, kinds)
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
