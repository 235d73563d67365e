"""Comparing two maps: the groups networkx's matcher works with and the order it matches sites."""

import networkx as nx
from networkx.algorithms.isomorphism.vf2pp import _initialize_parameters

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
    G1, G2, G1_labels, _, _, nodes_of_G2Labels, _ = params
    if not G1 and not G2:
        return []
    V1_unordered = set(G1.nodes())
    label_rarity = {label: len(nodes) for label, nodes in nodes_of_G2Labels.items()}
    used_degrees = {node: 0 for node in G1}
    node_order = []
    while V1_unordered:
        max_rarity = min(label_rarity[G1_labels[x]] for x in V1_unordered)
        rarest_nodes = [n for n in V1_unordered if label_rarity[G1_labels[n]] == max_rarity]
        max_node = max(rarest_nodes, key=G1.degree)
        for dlevel_nodes in nx.bfs_layers(G1, max_node):
            nodes_to_add = dlevel_nodes.copy()
            while nodes_to_add:
                max_used_degree = max(used_degrees[n] for n in nodes_to_add)
                max_used_degree_nodes = [n for n in nodes_to_add if used_degrees[n] == max_used_degree]
                max_degree = max(G1.degree[n] for n in max_used_degree_nodes)
                max_degree_nodes = [n for n in max_used_degree_nodes if G1.degree[n] == max_degree]
                next_node = min(max_degree_nodes, key=lambda x: label_rarity[G1_labels[x]])
                node_order.append(next_node)
                for node in G1.neighbors(next_node):
                    used_degrees[node] += 1
                nodes_to_add.remove(next_node)
                label_rarity[G1_labels[next_node]] -= 1
                V1_unordered.discard(next_node)
    return node_order


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
