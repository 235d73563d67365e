"""The last stage of networkx's degree-sequence builder, and whole random rebuilds."""

import random

from itertools import combinations

import networkx as nx
from networkx.generators.degree_seq import DegreeSequenceRandomGraph

from rebuild.groups import merge_groups
from rebuild.stages import _builder, _new_links, stage_links


def finish_links(degrees, seed: int = 0) -> list:
    """The links networkx's random builder adds in its last stage, after the first two stages
    of turn 3 ran with the same generator, as sorted pairs in the network's edge order;
    ``ValueError`` when the last stage gets stuck."""
    builder = _builder(degrees, seed)
    if not builder.remaining_degree:
        return []
    builder.phase1()
    builder.phase2()
    before = set(_new_links(builder, set()))
    potential_edges = combinations(builder.remaining_degree, 2)
    H = nx.Graph([(u, v) for (u, v) in potential_edges if not builder.graph.has_edge(u, v)])
    rng = builder.rng
    while builder.remaining_degree:
        if not builder.suitable_edge():
            raise ValueError("the builder got stuck: no suitable link left")
        while True:
            u, v = sorted(rng.choice(list(H.edges())))
            if rng.random() < builder.q(u, v):
                break
        if rng.random() < builder.p(u, v):
            builder.graph.add_edge(u, v)
            builder.update_remaining(u, v, aux_graph=H)
    return _new_links(builder, before)


def random_rebuild(degrees, seed: int = 0) -> list:
    """The links of one whole run of networkx's builder with ``random.Random(seed)`` (no second
    try), as sorted pairs, sorted; ``ValueError`` for impossible sequences or a stuck run."""
    try:
        run = DegreeSequenceRandomGraph(list(degrees), random.Random(seed))
        network = run.generate()
    except nx.NetworkXUnfeasible as error:
        raise ValueError("no network from this run") from error
    return sorted(tuple(sorted(e)) for e in network.edges())


def stage_report(degrees, seed: int = 0) -> dict:
    """``{"first", "second", "last", "same_as_whole", "parts"}``: how many links each stage
    adds (turn 3 and ``finish_links``), whether together they are the links of
    ``random_rebuild``, and the groups of sites the rebuilt links join (turn 2)."""
    stages = stage_links(degrees, seed)
    last = finish_links(degrees, seed)
    whole = random_rebuild(degrees, seed)
    together = sorted(stages["first"] + stages["second"] + last)
    return {
        "first": len(stages["first"]),
        "second": len(stages["second"]),
        "last": len(last),
        "same_as_whole": together == whole,
        "parts": merge_groups(whole, 1),
    }
