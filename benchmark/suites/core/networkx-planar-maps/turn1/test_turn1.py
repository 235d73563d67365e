import networkx as nx
import pytest

from planar.faces import drawing_faces, map_summary, rotation


def kite():
    return nx.Graph([(1, 2), (2, 3), (3, 4), (4, 1), (1, 3), (4, 5), (5, 6)])


def test_rotation():
    assert rotation(kite()) == {1: [2, 4, 3], 2: [1, 3], 3: [2, 1, 4], 4: [3, 1, 5], 5: [4, 6], 6: [5]}
    assert rotation(nx.wheel_graph(5)) == {0: [1, 4, 3, 2], 1: [0, 2, 4], 2: [1, 0, 3], 3: [2, 0, 4], 4: [3, 0, 1]}


def test_rotation_of_networks_that_cross():
    assert rotation(nx.complete_graph(5)) is None
    assert rotation(nx.petersen_graph()) is None
    assert rotation(nx.Graph()) == {}


def test_faces_of_a_kite_with_a_tail():
    assert drawing_faces(kite()) == {"faces": [[1, 2, 3, 4, 5, 6], [1, 4, 3], [1, 3, 2]], "added": [(1, 6), (4, 6)]}


def test_faces_of_trees():
    assert drawing_faces(nx.path_graph(4)) == {"faces": [[0, 1, 2, 3]], "added": [(0, 3), (1, 3)]}
    assert drawing_faces(nx.star_graph(3)) == {"faces": [[0, 1, 3, 2]], "added": [(1, 3), (2, 3)]}


def test_faces_of_rings_and_wheels():
    assert drawing_faces(nx.cycle_graph(4)) == {"faces": [[0, 1, 2, 3], [0, 3, 2, 1]], "added": []}
    assert drawing_faces(nx.wheel_graph(5)) == {
        "faces": [[0, 1, 4], [0, 4, 3], [0, 3, 2], [0, 2, 1], [1, 2, 3, 4]],
        "added": [],
    }


def test_faces_of_separate_parts_and_lone_sites():
    assert drawing_faces(nx.Graph([(1, 2), (3, 4)])) == {"faces": [[1, 2], [3, 4]], "added": []}
    lone = nx.Graph()
    lone.add_node(1)
    assert drawing_faces(lone) == {"faces": [], "added": []}


def test_refused_networks():
    with pytest.raises(ValueError):
        drawing_faces(nx.complete_graph(5))
    with pytest.raises(ValueError):
        rotation(nx.DiGraph([(1, 2)]))
    with pytest.raises(ValueError):
        rotation(nx.Graph([(1, 1), (1, 2)]))


def test_parallel_links_are_drawn_once():
    assert rotation(nx.MultiGraph([(1, 2), (1, 2), (2, 3)])) == {1: [2], 2: [1, 3], 3: [2]}


def test_map_summary():
    assert map_summary(kite()) == {"planar": True, "faces": 3, "largest": [1, 2, 3, 4, 5, 6], "added": 2}
    assert map_summary(nx.complete_graph(4)) == {"planar": True, "faces": 4, "largest": [0, 1, 3], "added": 0}


def test_map_summary_of_networks_that_cross_and_empty_ones():
    assert map_summary(nx.complete_graph(5)) == {"planar": False, "faces": None, "largest": None, "added": None}
    assert map_summary(nx.Graph()) == {"planar": True, "faces": 0, "largest": [], "added": 0}
