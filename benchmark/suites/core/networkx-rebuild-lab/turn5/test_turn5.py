import networkx as nx
import pytest

from rebuild.cohesion import dense_groups, rebuilt_cohesion, split_by_cuts


def barbell():
    return nx.barbell_graph(4, 1)


def two_blocks():
    return nx.Graph([(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (3, 4), (4, 5), (4, 6), (5, 6), (3, 5), (6, 7), (7, 8), (8, 6), (7, 9), (8, 9)])


def test_split_a_barbell_at_its_middle():
    assert split_by_cuts(barbell(), [{4}], 1) == [[0, 1, 2, 3, 4], [4, 5, 6, 7, 8]]
    assert split_by_cuts(barbell(), [{4}], 2) == [[0, 1, 2, 3, 4], [4, 5, 6, 7, 8]]


def test_split_by_several_cuts():
    assert split_by_cuts(barbell(), [{3}, {5}], 1) == [[0, 1, 2, 3], [5, 6, 7, 8], [3, 4, 5]]


def test_split_two_blocks():
    assert split_by_cuts(two_blocks(), [{3, 4}], 2) == [[0, 1, 2, 3], [3, 4, 5, 6, 7, 8]]
    assert split_by_cuts(two_blocks(), [{6}], 1) == [[0, 1, 2, 3, 4, 5, 6], [6, 7, 8, 9]]


def test_split_refusals():
    with pytest.raises(ValueError):
        split_by_cuts(barbell(), [{99}], 1)
    with pytest.raises(ValueError):
        split_by_cuts(nx.DiGraph([(1, 2)]), [], 1)


def test_dense_groups():
    assert dense_groups(nx.complete_graph(5), 3) == [[0, 1, 2, 3, 4]]
    assert dense_groups(barbell(), 3) == [[0, 1, 2, 3], [5, 6, 7, 8]]


def test_dense_groups_of_overlapping_cliques():
    G = nx.compose(nx.complete_graph(5), nx.relabel_nodes(nx.complete_graph(5), lambda n: n + 4))
    assert dense_groups(G, 3) == [[4, 5, 6, 7, 8], [0, 1, 2, 3, 4]]


def test_dense_groups_of_the_karate_club():
    G = nx.karate_club_graph()
    assert dense_groups(G, 3) == [[0, 1, 2, 3, 7, 8, 13, 19, 23, 27, 28, 29, 30, 31, 32, 33], [0, 4, 5, 6, 10]]
    assert dense_groups(G, 4) == [[0, 1, 2, 3, 7, 8, 13, 30, 32, 33]]
    with pytest.raises(ValueError):
        dense_groups(G, 2)


def test_rebuilt_cohesion_with_a_split():
    assert rebuilt_cohesion([4, 4, 4, 3, 3, 3, 3, 2, 2, 2], 2, 3) == {
        "links": [(0, 2), (0, 3), (0, 4), (0, 6), (1, 3), (1, 5), (1, 7), (1, 8), (2, 5), (2, 6), (2, 9), (3, 9), (4, 5), (4, 7), (6, 8)],
        "cuts": [[1, 4], [1, 6], [2, 3]],
        "split": [[0, 2, 3, 4, 6], [1, 2, 4, 5]],
        "dense": [],
        "merged": [],
    }


def test_rebuilt_cohesion_with_a_dense_group():
    assert rebuilt_cohesion([5, 5, 4, 4, 4, 4, 3, 3, 2, 2], 0, 3) == {
        "links": [(0, 1), (0, 2), (0, 5), (0, 7), (0, 8), (1, 2), (1, 4), (1, 5), (1, 7), (2, 6), (2, 9), (3, 4), (3, 5), (3, 6), (3, 8), (4, 5), (4, 6), (7, 9)],
        "cuts": [[0, 3], [2, 7]],
        "split": [[0, 1, 2, 3, 4, 5, 6, 7]],
        "dense": [[0, 1, 2, 3, 4, 5, 6]],
        "merged": [[0, 1, 2, 3, 4, 5, 6]],
    }


def test_rebuilt_cohesion_of_a_regular_network_and_a_stuck_run():
    assert rebuilt_cohesion([4] * 8, 1, 4) == {
        "links": [(0, 1), (0, 2), (0, 5), (0, 7), (1, 3), (1, 4), (1, 6), (2, 3), (2, 4), (2, 6), (3, 5), (3, 7), (4, 5), (4, 7), (5, 6), (6, 7)],
        "cuts": [[0, 3, 4, 6], [1, 2, 5, 7]],
        "split": [],
        "dense": [[0, 1, 2, 3, 4, 5, 6, 7]],
        "merged": [[0, 1, 2, 3, 4, 5, 6, 7]],
    }
    with pytest.raises(ValueError):
        rebuilt_cohesion([2] * 10, 1)
