import networkx as nx
import pytest

from spanning.trees import joint_numbering, tie_report, tie_sites


def left():
    return nx.Graph([(10, 11), (10, 12), (12, 13), (12, 14)])


def right():
    return nx.Graph([("a", "b"), ("b", "c"), ("b", "d"), ("d", "e")])


def grid():
    G = nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 3))
    for i, (u, v) in enumerate(G.edges):
        G[u][v]["weight"] = (i * 7) % 5 + 1
    return G


def test_joint_numbering():
    assert joint_numbering(left(), 10, right(), "b") == {
        "links": [(0, 1), (0, 6), (1, 2), (1, 3), (6, 7), (6, 8), (6, 9), (3, 4), (3, 5), (9, 10)],
        "names": {1: 10, 2: 11, 3: 12, 4: 13, 5: 14, 6: "b", 7: "a", 8: "c", 9: "d", 10: "e"},
        "roots": (1, 6),
    }


def test_joint_numbering_from_other_roots():
    assert joint_numbering(left(), 13, right(), "a") == {
        "links": [(0, 1), (0, 6), (1, 2), (6, 7), (2, 3), (2, 4), (3, 5), (7, 8), (7, 9), (9, 10)],
        "names": {1: 13, 2: 12, 3: 10, 4: 14, 5: 11, 6: "a", 7: "b", 8: "c", 9: "d", 10: "e"},
        "roots": (1, 6),
    }


def test_joint_numbering_of_small_trees():
    assert joint_numbering(nx.Graph([(1, 2)]), 2, nx.empty_graph(1), 0) == {
        "links": [(0, 1), (0, 3), (1, 2)],
        "names": {1: 2, 2: 1, 3: 0},
        "roots": (1, 3),
    }


def test_joint_numbering_refuses_what_is_not_a_tree():
    with pytest.raises(ValueError):
        joint_numbering(nx.cycle_graph(3), 0, left(), 10)
    with pytest.raises(ValueError):
        joint_numbering(left(), 99, right(), "a")
    with pytest.raises(ValueError):
        joint_numbering(nx.DiGraph([(1, 2)]), 1, right(), "a")


def test_tie_sites():
    assert tie_sites(grid(), [0, 8, 2]) == [(0, 3), (0, 1), (1, 2), (3, 6), (6, 7), (7, 8)]
    assert tie_sites(grid(), [0, 4]) == [(0, 3), (3, 4)]


def test_tie_sites_in_one_part_of_a_split_network():
    assert tie_sites(nx.Graph([(1, 2), (2, 3), (3, 4), (5, 6)]), [1, 4]) == [(1, 2), (2, 3), (3, 4)]
    with pytest.raises(ValueError):
        tie_sites(nx.Graph([(1, 2), (3, 4)]), [1, 3])


def test_tie_sites_of_one_site_and_refused_requests():
    assert tie_sites(grid(), [3]) == [] and tie_sites(grid(), [3, 3]) == []
    with pytest.raises(ValueError):
        tie_sites(grid(), [0, 99])
    with pytest.raises(ValueError):
        tie_sites(nx.DiGraph([(1, 2)]), [1, 2])


def test_tie_report():
    assert tie_report(grid(), [0, 8, 2]) == {
        "links": [(0, 3), (0, 1), (1, 2), (3, 6), (6, 7), (7, 8)],
        "weight": 11,
        "pick": [(0, 3), (3, 6), (6, 7), (1, 2), (0, 1), (7, 8)],
        "grow": [(0, 3), (3, 6), (6, 7), (0, 1), (1, 2), (7, 8)],
        "relays": [1, 3, 6, 7],
    }


def test_tie_report_of_one_site():
    assert tie_report(grid(), [3]) == {"links": [], "weight": 0, "pick": [], "grow": [], "relays": []}


def test_tie_report_of_two_sites():
    assert tie_report(grid(), [0, 4]) == {"links": [(0, 3), (3, 4)], "weight": 4, "pick": [(0, 3), (3, 4)], "grow": [(0, 3), (3, 4)], "relays": [3]}
