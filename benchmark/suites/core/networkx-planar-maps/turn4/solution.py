"""Comparing two maps: the groups networkx's matcher works with and the order it matches sites."""

import networkx as nx
from networkx.algorithms.isomorphism.vf2pp import _initialize_parameters, _matching_order

from planar.faces import map_summary, rotation


def _prepare(first, second, label):
    """networkx's matcher parameters for the two maps, refusing mixed or one-way maps."""
    if first.is_directed() or second.is_directed():
        raise ValueError("maps are two-way networks")
    first, second = nx.Graph(first), nx.Graph(second)
    graph_params, _ = _initialize_parameters(first, second, dict(second.degree), label, None)
    return graph_params


def label_groups(first, second, label=None) -> dict:
    """``{"first", "second", "second_by_degree"}``: the sites of each map grouped by their
    ``label`` attribute (None when missing, or for every site without ``label``), and the
    sites of the second map grouped by number of neighbours; groups as sorted lists."""
    params = _prepare(first, second, label)
    return {
        "first": {k: sorted(v) for k, v in params.nodes_of_G1Labels.items()},
        "second": {k: sorted(v) for k, v in params.nodes_of_G2Labels.items()},
        "second_by_degree": {k: sorted(v) for k, v in params.G2_nodes_of_degree.items()},
    }


def match_order(first, second, label=None) -> list:
    """The order in which networkx's VF2++ matcher takes the sites of ``first`` when it
    matches them to the sites of ``second``."""
    params = _prepare(first, second, label)
    if params.G1.number_of_nodes() == 0:
        return []
    return list(_matching_order(params))


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
