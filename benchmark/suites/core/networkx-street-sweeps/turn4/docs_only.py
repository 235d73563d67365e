"""Written from the networkx documentation only (approximation.diameter: the 2-sweep and 2-dSweep methods).

Quick spread estimates: how far apart the sites of a district are, from a chosen start."""

import networkx as nx

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
        forward = nx.shortest_path_length(G, start)
        if not G.is_directed():
            if len(forward) != len(G):
                raise nx.NetworkXError("not connected")
            return nx.eccentricity(G, max(forward, key=forward.get))
        backward = nx.shortest_path_length(G.reverse(), start)
        if len(forward) != len(G) or len(backward) != len(G):
            raise nx.NetworkXError("not strongly connected")
        a_1, a_2 = max(forward, key=forward.get), max(backward, key=backward.get)
        return max(nx.eccentricity(G.reverse(), a_1), nx.eccentricity(G, a_2))
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
