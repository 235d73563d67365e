"""Written from the networkx documentation only (vf2pp_isomorphism, utils.groups).

Comparing two maps: the groups networkx's matcher works with and the order it matches sites."""

import networkx as nx

from planar.faces import map_summary, rotation


def _prepare(first, second, label):
    """networkx's matcher parameters for the two maps, refusing mixed or one-way maps."""
    if first.is_directed() or second.is_directed():
        raise ValueError("maps are two-way networks")
    first, second = nx.Graph(first), nx.Graph(second)
    labels1 = dict(first.nodes(data=label, default=None))
    labels2 = dict(second.nodes(data=label, default=None))
    return first, second, labels1, labels2


def label_groups(first, second, label=None) -> dict:
    """``{"first", "second", "second_by_degree"}``: the sites of each map grouped by their
    ``label`` attribute (None when missing, or for every site without ``label``), and the
    sites of the second map grouped by number of neighbours; groups as sorted lists."""
    params = _prepare(first, second, label)
    first, second, labels1, labels2 = params
    return {
        "first": {k: sorted(v) for k, v in nx.utils.groups(labels1).items()},
        "second": {k: sorted(v) for k, v in nx.utils.groups(labels2).items()},
        "second_by_degree": {k: sorted(v) for k, v in nx.utils.groups(dict(second.degree)).items()},
    }


def match_order(first, second, label=None) -> list:
    """The order in which networkx's VF2++ matcher takes the sites of ``first`` when it
    matches them to the sites of ``second``."""
    params = _prepare(first, second, label)
    first, second, labels1, labels2 = params
    # VF2++ orders by label rarity, then degree, breadth-first
    rarity = {k: len(v) for k, v in nx.utils.groups(labels2).items()}
    order = []
    for part in sorted(nx.connected_components(first), key=len, reverse=True):
        start = min(part, key=lambda n: (rarity.get(labels1[n], 0), -first.degree[n]))
        for layer in nx.bfs_layers(first, start):
            order.extend(sorted(layer, key=lambda n: -first.degree[n]))
    return order


def map_match(first, second, label=None) -> dict:
    """``{"same_shape", "mapping", "order", "planar"}``: whether the maps match (sites and
    links, equal labels), a matching networkx finds (None when they do not), the
    ``match_order`` and turn 1's ``map_summary`` planarity of each map."""
    mapping = nx.vf2pp_isomorphism(nx.Graph(first), nx.Graph(second), node_label=label)
    return {
        "same_shape": mapping is not None,
        "mapping": mapping,
        "order": match_order(first, second, label),
        "planar": (map_summary(first)["planar"], rotation(second) is not None),
    }
