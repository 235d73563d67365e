"""Random networks with given degrees, built stage by stage as networkx builds them."""

import random

import networkx as nx
from networkx.generators.degree_seq import DegreeSequenceRandomGraph
from networkx.utils import random_weighted_sample

from rebuild.groups import merge_groups
from rebuild.junctions import rebuild


def _builder(degrees, seed):
    """networkx's degree-sequence builder for ``degrees`` with ``random.Random(seed)``, set up
    as it is before its first stage."""
    try:
        builder = DegreeSequenceRandomGraph(list(degrees), random.Random(seed))
    except nx.NetworkXUnfeasible as error:
        raise ValueError("no simple network has these degrees") from error
    builder.remaining_degree = {n: d for n, d in enumerate(builder.degree) if d}
    builder.graph = nx.Graph()
    builder.graph.add_nodes_from(range(len(builder.degree)))
    return builder


def _new_links(builder, before) -> list:
    return [tuple(sorted(e)) for e in builder.graph.edges() if tuple(sorted(e)) not in before]


def stage_links(degrees, seed: int = 0) -> dict:
    """``{"first", "second", "left"}``: the links networkx's random builder for the degree
    sequence ``degrees`` (site ``i`` gets ``degrees[i]``) adds in its first and its second
    stage, in the network's edge order, and the degrees still missing afterwards."""
    builder = _builder(degrees, seed)
    if not builder.remaining_degree:
        return {"first": [], "second": [], "left": {}}
    rem_deg = builder.remaining_degree
    while sum(rem_deg.values()) >= 2 * builder.dmax**2:
        u, v = sorted(random_weighted_sample(rem_deg, 2, builder.rng))
        if builder.graph.has_edge(u, v):
            continue
        if builder.rng.random() < builder.p(u, v):
            builder.graph.add_edge(u, v)
            builder.update_remaining(u, v)
    first = _new_links(builder, set())
    builder.phase2()
    second = _new_links(builder, set(first))
    return {"first": first, "second": second, "left": dict(builder.remaining_degree)}


def junction_stages(L, seed: int = 0) -> dict:
    """``{"degrees", "first", "second", "groups"}``: the degrees of the junctions turn 1
    rebuilds from the segment map ``L`` (in junction order), the first two stages of a random
    network with those degrees, and the groups of sites the first-stage links join (turn 2's
    ``merge_groups``)."""
    roads = rebuild(L)["roads"]
    count = rebuild(L)["junctions"]
    degrees = [sum(j in road for road in roads) for j in range(count)]
    stages = stage_links(degrees, seed)
    return {
        "degrees": degrees,
        "first": stages["first"],
        "second": stages["second"],
        "groups": merge_groups(stages["first"], 1),
    }
