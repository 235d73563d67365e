"""Surviving one cut link: the fewest links that remove every single point of failure."""

import itertools as it
import math
from collections import defaultdict

import networkx as nx
from networkx.algorithms.connectivity.edge_augmentation import collapse

from link_plan.connect import connect_plan
from link_plan.sites import site_map, weak_sites


def open_pairs(G, groups=None) -> list:
    """The pairs of sites of ``G`` with no link yet, in the order and orientation networkx
    takes them when any missing link may be added; with ``groups`` (turn 1), only the pairs
    whose sites lie in different groups."""
    mapping = site_map(G, groups).graph["mapping"]
    pairs = []
    if G.is_directed():
        raise ValueError("links are two-way")
    for u, v in it.combinations(G.nodes(), 2):
        if v not in G[u] and (groups is None or mapping[u] != mapping[v]):
            pairs.append((u, v))
    return pairs


def bridge_plan(G) -> list:
    """The fewest new links, in networkx's order, after which no single cut link separates two
    sites of ``G`` (any missing link may be added)."""
    site_map(G)  # checks the network
    if G.is_multigraph():
        raise ValueError("parallel links are not planned here")
    if G.number_of_nodes() < 3:
        raise ValueError("fewer than three sites cannot survive a cut link")
    C = collapse(G, list(nx.connectivity.bridge_components(G)))
    ends = [tuple(cc) * 2 if len(cc) == 1 else sorted(cc, key=C.degree)[0:2] for cc in nx.connected_components(C)]
    first = list(zip([e[0] for e in ends][1:], [e[1] for e in ends])) if len(ends) > 1 else []
    T = C.copy()
    T.add_edges_from(first)
    leafs = [n for n, d in T.degree() if d == 1]
    if len(leafs) == 2:
        second = [tuple(leafs)]
    else:
        root = next((n for n, d in T.degree() if d > 1), None)
        if root is None:
            return []
        order = [n for n in nx.dfs_preorder_nodes(T, root) if T.degree(n) == 1]
        half = math.ceil(len(order) / 2)
        second = list(zip(order[:half], order[-half:]))
    inverse = defaultdict(list)
    for site, node in C.graph["mapping"].items():
        inverse[node].append(site)
    inverse = {node: sorted(sites, key=lambda u: (G.degree(u), u)) for node, sites in inverse.items()}
    H, plan = G.copy(), []
    for mu, mv in first + second:
        for u, v in it.product(inverse[mu], inverse[mv]):
            if not H.has_edge(u, v):
                H.add_edge(u, v)
                plan.append((u, v))
                break
    return plan


def survival_report(G) -> dict:
    """Where ``G`` stands against one cut link: its single points of failure (``bridges``,
    each as the sorted pair of its sites, sorted), how many parts they leave (groups of
    turn 1's site map over the parts no single cut separates), the weak sites (turn 1, k=2),
    the links that would only connect it (turn 2) and the links of ``bridge_plan``."""
    if G.is_multigraph():
        raise ValueError("parallel links are not planned here")
    site_map(G)
    bridges = sorted(tuple(sorted(link)) for link in nx.bridges(G))
    parts = site_map(G, nx.connectivity.bridge_components(G))
    return {
        "bridges": bridges,
        "parts": parts.number_of_nodes(),
        "weak": weak_sites(G, 2),
        "connect": connect_plan(G),
        "plan": bridge_plan(G) if G.number_of_nodes() >= 3 else [],
    }
