"""Written from the networkx documentation only (k_edge_augmentation, partial=True).

Surviving any k - 1 cut links: full plans, plans drawn with a seed, best-effort plans."""

import networkx as nx

from link_plan.bridges import bridge_plan
from link_plan.connect import connect_plan
from link_plan.costed import costed_bridge_plan
from link_plan.sites import weak_sites


def _check(G, k: int) -> None:
    if G.is_directed() or G.is_multigraph():
        raise ValueError("a simple two-way network is expected")
    if k < 1:
        raise ValueError("k must be at least 1")
    if G.number_of_nodes() < k + 1:
        raise ValueError(f"fewer than {k + 1} sites cannot survive {k - 1} cut links")


def k_plan(G, k: int, offers=None, seed: int = 0, weight: str = "cost") -> list:
    """Links (any missing link when ``offers`` is None, else offered ones, turn 2's forms) after
    which no ``k - 1`` cut links separate two sites of ``G``: turn 2's plan for k=1, turn 3's
    or turn 4's for k=2, and for larger k the plan networkx draws with ``seed``."""
    _check(G, k)
    if k == 1:
        return connect_plan(G, offers, weight)
    if k == 2:
        return bridge_plan(G) if offers is None else costed_bridge_plan(G, offers, weight)
    try:
        return list(nx.k_edge_augmentation(G, k, avail=offers, weight=weight))
    except nx.NetworkXUnfeasible as error:
        raise ValueError(f"the offered links cannot make the network survive {k - 1} cuts") from error


def best_effort(G, k: int, offers, weight: str = "cost") -> dict:
    """The offered links to add when they cannot give a full plan, chosen as networkx chooses
    them to come as close as it can (the full plan of ``k_plan`` when there is one), with
    ``complete`` telling which, and the weak sites (turn 1) for ``k`` left after them.  The
    links of a plan short of a full one are sorted."""
    _check(G, k)
    try:
        links, complete = k_plan(G, k, offers, weight=weight), True
    except ValueError:
        links = sorted(nx.k_edge_augmentation(G, k, avail=offers, weight=weight, partial=True))
        complete = False
    H = G.copy()
    H.add_edges_from(links)
    return {"links": links, "complete": complete, "weak": weak_sites(H, k)}


def plan_options(G, k: int, offers=None, seeds=(0, 1, 2), weight: str = "cost") -> list:
    """The distinct plans ``k_plan`` draws with each of ``seeds``, each as ``(links, seeds
    that drew it)``, the plans with the fewest links first (ties: first drawn first)."""
    options = {}
    for seed in seeds:
        links = k_plan(G, k, offers, seed=seed, weight=weight)
        options.setdefault(frozenset(map(frozenset, links)), (links, []))[1].append(seed)
    return sorted(options.values(), key=lambda option: len(option[0]))
