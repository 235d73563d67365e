import networkx as nx
import pytest

from planar.compare import label_groups, map_match, match_order


def kite():
    return nx.Graph([(1, 2), (2, 3), (3, 4), (4, 1), (1, 3), (4, 5), (5, 6)])


def kite_again():
    return nx.Graph([(10, 20), (20, 30), (30, 40), (40, 10), (20, 40), (30, 50), (50, 60)])


def with_depots(G, depots):
    nx.set_node_attributes(G, {site: "depot" for site in depots}, "kind")
    return G


def test_label_groups_without_labels():
    assert label_groups(kite(), kite_again()) == {
        "first": {None: [1, 2, 3, 4, 5, 6]},
        "second": {None: [10, 20, 30, 40, 50, 60]},
        "second_by_degree": {2: [10, 50], 3: [20, 30, 40], 1: [60]},
    }


def test_label_groups_with_labels():
    assert label_groups(with_depots(kite(), [6]), with_depots(kite_again(), [60]), "kind") == {
        "first": {None: [1, 2, 3, 4, 5], "depot": [6]},
        "second": {None: [10, 20, 30, 40, 50], "depot": [60]},
        "second_by_degree": {2: [10, 50], 3: [20, 30, 40], 1: [60]},
    }


def test_match_order():
    assert match_order(kite(), kite_again()) == [1, 4, 3, 2, 5, 6]
    assert match_order(nx.petersen_graph(), nx.petersen_graph()) == [0, 1, 4, 5, 2, 3, 7, 9, 6, 8]


def test_match_order_starts_from_the_rarest_label():
    assert match_order(with_depots(kite(), [6]), with_depots(kite_again(), [60]), "kind") == [6, 5, 4, 1, 3, 2]
    assert match_order(with_depots(kite(), [2]), with_depots(kite_again(), [60]), "kind") == [2, 1, 3, 4, 5, 6]


def test_match_order_of_separate_parts_and_empty_maps():
    G = nx.Graph([(1, 2), (3, 4), (4, 5)])
    assert match_order(G, G.copy()) == [4, 3, 5, 1, 2]
    assert match_order(nx.Graph(), nx.Graph()) == []


def test_one_way_maps_are_refused():
    with pytest.raises(ValueError):
        match_order(nx.DiGraph([(1, 2)]), nx.DiGraph([(1, 2)]))
    with pytest.raises(ValueError):
        label_groups(kite(), nx.DiGraph([(1, 2)]))


def test_map_match():
    assert map_match(kite(), kite_again()) == {
        "same_shape": True,
        "mapping": {1: 40, 4: 30, 3: 20, 2: 10, 5: 50, 6: 60},
        "order": [1, 4, 3, 2, 5, 6],
        "planar": (True, True),
    }


def test_map_match_with_labels():
    assert map_match(with_depots(kite(), [6]), with_depots(kite_again(), [60]), "kind") == {
        "same_shape": True,
        "mapping": {6: 60, 5: 50, 4: 30, 1: 40, 3: 20, 2: 10},
        "order": [6, 5, 4, 1, 3, 2],
        "planar": (True, True),
    }


def test_map_match_of_different_labels():
    assert map_match(with_depots(kite(), [2]), with_depots(kite_again(), [60]), "kind") == {
        "same_shape": False,
        "mapping": None,
        "order": [2, 1, 3, 4, 5, 6],
        "planar": (True, True),
    }


def test_map_match_of_different_sizes():
    assert map_match(nx.path_graph(3), nx.path_graph(4)) == {"same_shape": False, "mapping": None, "order": [1, 0, 2], "planar": (True, True)}
