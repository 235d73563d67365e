"""Written from the networkx documentation only (random_degree_sequence_graph).

Random networks with given degrees, built stage by stage as networkx builds them."""

import random

import networkx as nx

from rebuild.groups import merge_groups
from rebuild.junctions import rebuild


def stage_links(degrees, seed: int = 0) -> dict:
    """``{"first", "second", "left"}``: the links networkx's random builder for the degree
    sequence ``degrees`` adds in its first and its second stage, and the degrees still missing."""
    if not any(degrees):
        if sum(degrees) == 0:
            return {"first": [], "second": [], "left": {}}
    try:
        G = nx.random_degree_sequence_graph(list(degrees), seed=random.Random(seed), tries=1)
    except nx.NetworkXUnfeasible as error:
        raise ValueError("no simple network has these degrees") from error
    # the documentation shows only the finished network: report it as built at once
    return {"first": [tuple(sorted(e)) for e in G.edges()], "second": [], "left": {}}


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
