import networkx as nx
import pytest

from rebuild.stages import junction_stages, stage_links


def segment_map(G):
    return nx.convert_node_labels_to_integers(nx.line_graph(G))


def test_stages_of_a_ring_of_degrees():
    assert stage_links([2] * 10, 0) == {
        "first": [(1, 6), (2, 4), (2, 7), (4, 6), (5, 9), (7, 8), (8, 9)],
        "second": [(3, 5)],
        "left": {0: 2, 1: 1, 3: 1},
    }


def test_stages_depend_on_the_seed():
    assert stage_links([2] * 10, 1) == {
        "first": [(0, 8), (0, 7), (1, 8), (1, 9), (2, 4), (5, 9), (6, 7)],
        "second": [(3, 5), (3, 6)],
        "left": {2: 1, 4: 1},
    }


def test_stages_of_mixed_degrees():
    assert stage_links([3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0], 7) == {
        "first": [(0, 1)],
        "second": [(1, 8), (1, 3), (3, 9), (6, 10)],
        "left": {0: 2, 2: 2, 4: 2, 5: 1, 7: 1},
    }


def test_stages_of_a_matching():
    assert stage_links([1] * 16, 3) == {
        "first": [(0, 10), (1, 4), (2, 12), (3, 8), (5, 14), (6, 11), (7, 15), (9, 13)],
        "second": [],
        "left": {},
    }


def test_tiny_and_impossible_degree_sequences():
    assert stage_links([1, 1], 0) == {"first": [(0, 1)], "second": [], "left": {}}
    assert stage_links([], 0) == {"first": [], "second": [], "left": {}}
    assert stage_links([0, 0, 0], 4) == {"first": [], "second": [], "left": {}}
    with pytest.raises(ValueError):
        stage_links([3, 1], 0)


def test_junction_stages_of_a_line():
    assert junction_stages(segment_map(nx.path_graph(8)), 0) == {
        "degrees": [2, 2, 2, 2, 2, 2, 1, 1],
        "first": [(1, 3), (2, 5), (2, 3), (4, 7)],
        "second": [(0, 4), (1, 6)],
        "groups": [[1, 2, 3, 5], [4, 7]],
    }


def test_junction_stages_of_a_ring():
    assert junction_stages(segment_map(nx.cycle_graph(12)), 5) == {
        "degrees": [2] * 12,
        "first": [(0, 6), (1, 9), (1, 6), (2, 4), (3, 11), (3, 10), (7, 8), (7, 10), (9, 11)],
        "second": [(0, 4), (2, 5)],
        "groups": [[0, 1, 3, 6, 7, 8, 9, 10, 11], [2, 4]],
    }


def test_junction_stages_of_a_small_town():
    town = segment_map(nx.Graph([(1, 2), (2, 3), (3, 4), (4, 1), (2, 4), (4, 5)]))
    assert junction_stages(town, 2) == {"degrees": [4, 2, 3, 2, 1], "first": [], "second": [], "groups": []}


def test_junction_stages_refuse_maps_that_are_not_segment_maps():
    with pytest.raises(ValueError):
        junction_stages(nx.complete_bipartite_graph(1, 3))


def test_stages_do_not_share_randomness_between_calls():
    assert stage_links([2] * 10, 0) == stage_links([2] * 10, 0)
    assert stage_links([2] * 10, 0) != stage_links([2] * 10, 1)
