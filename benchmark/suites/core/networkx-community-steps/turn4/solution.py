"""Who follows whom back, how tightly the best-linked members hold together, and a profile
of the communities of a follower network."""

import networkx as nx
from networkx.algorithms.reciprocity import _reciprocity_iter
from networkx.algorithms.richclub import _compute_rc

from crowd.blocks import community_graph, cross_links
from crowd.votes import label_votes


def mutual_shares(D, members=None) -> dict:
    """For each of ``members`` (default: all, in the order of ``D``), the share of its one-way
    links (in and out) that are returned, as networkx computes reciprocity; None for a member
    with no link. Parallel links count once."""
    if not D.is_directed():
        raise ValueError("shares are defined for one-way (directed) networks")
    if members is not None:
        unknown = [member for member in members if member not in D]
        if unknown:
            raise KeyError(unknown[0])
    return dict(_reciprocity_iter(D, D if members is None else members))


def club_coefficients(G) -> dict:
    """For each degree ``k`` from 0 for which more than one member has a degree above ``k``,
    the density of the links among those members, as networkx computes its (not normalised)
    rich-club coefficient; loops and parallel links count as networkx counts degrees."""
    if G.is_directed():
        raise ValueError("the coefficient is defined for two-way networks")
    return _compute_rc(G)


def follow_profile(D, communities, weight="weight") -> list:
    """One row per community (in the order given) of a follower network: ``(members, mutual,
    inside, cross, votes)``: the sorted members, the mean of their ``mutual_shares`` (None when
    no member has a link), the weight of the links inside it (turn 1's community graph), the
    number of links between it and the rest (turn 1's cross links of the two), and the votes
    its first member's neighbours give (turn 3), each member labelled by its community."""
    if not D.is_directed():
        raise ValueError("profiles are made for one-way (directed) networks")
    communities = [set(community) for community in communities]
    C = community_graph(D, communities, weight)
    shares = mutual_shares(D)
    home = {member: i for i, community in enumerate(communities) for member in community}
    rows = []
    for i, community in enumerate(communities):
        known = [shares[m] for m in community if shares[m] is not None]
        rest = set(D) - community
        rows.append((
            sorted(community),
            sum(known) / len(known) if known else None,
            C.get_edge_data(i, i, {"weight": 0})["weight"],
            cross_links(D, [community, rest]) if rest else 0,
            label_votes(D, home, min(community)),
        ))
    return rows
