import networkx as nx
import pytest

from planar.fill import fill_face, fill_report, triangulation


def kite():
    return nx.Graph([(1, 2), (2, 3), (3, 4), (4, 1), (1, 3), (4, 5), (5, 6)])


def test_fill_the_outer_face_of_a_kite():
    assert fill_face(kite(), 1, 2) == [(1, 6), (2, 4), (2, 5), (2, 6), (4, 6)]
    assert fill_face(kite(), 5, 4) == [(1, 5), (2, 5), (3, 5)]


def test_fill_a_face_from_either_side_of_a_link():
    assert fill_face(kite(), 4, 5) == [(4, 6)]
    assert fill_face(kite(), 2, 1) == []
    assert fill_face(kite(), 1, 3) == [] and fill_face(kite(), 3, 1) == []


def test_fill_rings_and_lines():
    assert fill_face(nx.cycle_graph(6), 0, 1) == [(0, 2), (0, 3), (0, 4)]
    assert fill_face(nx.cycle_graph(6), 1, 0) == [(1, 3), (1, 4), (1, 5)]
    assert fill_face(nx.path_graph(4), 0, 1) == [(0, 2), (0, 3), (1, 3)]


def test_fill_refuses_unknown_links_and_crossing_networks():
    with pytest.raises(ValueError):
        fill_face(kite(), 1, 5)
    with pytest.raises(ValueError):
        fill_face(nx.complete_graph(5), 0, 1)


def test_triangulation():
    assert triangulation(kite()) == {"added": [(1, 6), (2, 4), (2, 5), (2, 6), (4, 6)], "outer": [1, 2, 6]}
    assert triangulation(kite(), full=False) == {"added": [(1, 6), (4, 6)], "outer": [1, 2, 3, 4, 5, 6]}


def test_triangulation_of_rings_lines_and_stars():
    assert triangulation(nx.cycle_graph(6)) == {"added": [(0, 2), (0, 3), (0, 4), (1, 5), (2, 5), (3, 5)], "outer": [0, 1, 2]}
    assert triangulation(nx.path_graph(4), full=False) == {"added": [(0, 3), (1, 3)], "outer": [0, 1, 2, 3]}
    assert triangulation(nx.star_graph(4), full=False) == {"added": [(1, 4), (2, 3), (3, 4)], "outer": [0, 1, 4, 3, 2]}


def test_triangulation_joins_separate_parts():
    G = nx.Graph([(1, 2), (3, 4), (4, 5)])
    assert triangulation(G) == {"added": [(1, 3), (1, 4), (1, 5), (2, 4), (2, 5), (3, 5)], "outer": [1, 3, 4]}
    assert triangulation(G, full=False) == {"added": [(1, 3), (1, 5), (2, 5), (3, 5)], "outer": [1, 3, 4, 5, 2]}


def test_triangulation_of_tiny_networks():
    assert triangulation(nx.complete_graph(4)) == {"added": [], "outer": [0, 1, 3]}
    assert triangulation(nx.Graph([(1, 2)])) == {"added": [], "outer": [1, 2, 1]}
    lone = nx.Graph()
    lone.add_node(1)
    assert triangulation(lone) == {"added": [], "outer": [1]}


def test_fill_report():
    assert fill_report(kite()) == {
        "rotation": {1: [2, 4, 3], 2: [1, 3], 3: [2, 1, 4], 4: [3, 1, 5], 5: [4, 6], 6: [5]},
        "faces": 3,
        "filled": 5,
        "open_outer": [1, 2, 3, 4, 5, 6],
    }


def test_fill_report_of_a_star():
    assert fill_report(nx.star_graph(4)) == {
        "rotation": {0: [1, 2, 3, 4], 1: [0], 2: [0], 3: [0], 4: [0]},
        "faces": 1,
        "filled": 5,
        "open_outer": [0, 1, 4, 3, 2],
    }
