"""Quick spread estimates: how far apart the sites of a district are, from a chosen start."""

import networkx as nx
from networkx.algorithms.approximation.distance_measures import _two_sweep_directed, _two_sweep_undirected

from sweep.loops import depots
from sweep.routes import route_start


class _StartAt:
    """Stands in for the random generator networkx's estimate draws its first site from."""

    def __init__(self, site):
        self.site = site

    def choice(self, sites):
        return self.site


def spread_estimate(G, start) -> int:
    """networkx's two-sweep lower bound on the largest distance (in streets) between two sites,
    its first sweep started at ``start``; one-way streets count in their direction."""
    if start not in G:
        raise ValueError(f"unknown site {start!r}")
    try:
        if G.is_directed():
            return _two_sweep_directed(G, _StartAt(start))
        return _two_sweep_undirected(G, _StartAt(start))
    except nx.NetworkXError as error:
        raise ValueError("some site cannot be reached from another") from error


def spread_table(G) -> dict:
    """``spread_estimate`` from every site, in the network's order of sites."""
    if len(G) == 0:
        raise ValueError("a district without sites has no spread")
    return {site: spread_estimate(G, site) for site in G}


def spread_report(G) -> dict:
    """``{"estimates", "best", "exact", "tight_from", "start"}``: the table, its largest
    estimate, the exact largest distance of turn 3's ``depots`` (None for one-way streets),
    the sites whose estimate is exact, and turn 1's route start."""
    table = spread_table(G)
    best = max(table.values())
    exact = None if G.is_directed() else depots(nx.Graph(G))["diameter"]
    return {
        "estimates": table,
        "best": best,
        "exact": exact,
        "tight_from": [site for site, value in table.items() if value == exact],
        "start": route_start(G),
    }
