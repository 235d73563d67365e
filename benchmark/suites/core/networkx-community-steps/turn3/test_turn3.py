import networkx as nx
import pytest

from crowd.votes import label_votes, split_once, split_report

TRIANGLE_LABELS = {0: "a", 1: "a", 2: "b", 3: "b", 4: "c", 5: "c"}


def test_votes_of_plain_neighbours():
    G = nx.barbell_graph(3, 0)
    assert label_votes(G, TRIANGLE_LABELS, 2) == {"a": 2, "b": 1}
    assert label_votes(G, TRIANGLE_LABELS, 3) == {"c": 2, "b": 1}


def test_votes_over_one_way_links():
    D = nx.DiGraph([(1, 2), (2, 1), (3, 1), (1, 4)])
    labels = {1: "x", 2: "y", 3: "y", 4: "z"}
    assert label_votes(D, labels, 1) == {"y": 3, "z": 1}
    assert label_votes(D, labels, 1, "w") == {"y": 3.0, "z": 1.0}


def test_votes_over_parallel_links_and_loops():
    M = nx.MultiGraph([(1, 2), (1, 2), (1, 3), (1, 1)])
    assert label_votes(M, {1: 0, 2: 0, 3: 1}, 1) == {0: 3, 1: 1}


def test_weighted_votes():
    W = nx.Graph([(1, 2, {"w": 2.5}), (1, 3, {"w": 1}), (1, 4)])
    labels = {1: 0, 2: 0, 3: 1, 4: 1}
    assert label_votes(W, labels, 1, "w") == {0: 2.5, 1: 2.0}
    assert label_votes(W, labels, 1) == {0: 1, 1: 2}


def test_votes_need_labels_and_a_member():
    G = nx.path_graph(3)
    assert label_votes(G, {0: 1, 1: 1, 2: 1}, 0) == {1: 1}
    with pytest.raises(ValueError):
        label_votes(G, {0: 1}, 0)
    with pytest.raises(KeyError):
        label_votes(G, {0: 1, 1: 1, 2: 1}, 9)


def test_split_two_triangles_and_simple_shapes():
    assert split_once(nx.barbell_graph(3, 0)) == (({0, 1, 2}, {3, 4, 5}), [(2, 3)])
    assert split_once(nx.path_graph(4)) == (({0, 1}, {2, 3}), [(1, 2)])
    assert split_once(nx.cycle_graph(5)) == (({0, 3, 4}, {1, 2}), [(0, 1), (2, 3)])


def test_split_the_karate_club():
    parts, removed = split_once(nx.karate_club_graph())
    assert parts[1] == {2, 8, 9, 14, 15, 18, 20, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33}
    assert removed == [(0, 31), (0, 2), (0, 8), (13, 33), (19, 33), (2, 32), (1, 30), (1, 2), (2, 3), (2, 7), (2, 13)]


def test_split_with_a_chosen_link_and_without_links():
    G = nx.barbell_graph(3, 0)
    assert split_once(G, most_central=lambda H: sorted(H.edges())[0]) == (({0}, {1, 2, 3, 4, 5}), [(0, 1), (0, 2)])
    assert G.number_of_edges() == 7
    lone = nx.Graph()
    lone.add_nodes_from([2, 1])
    assert split_once(lone) == (({2}, {1}), [])
    with pytest.raises(ValueError):
        split_once(nx.DiGraph([(1, 2)]))


def test_report_on_two_triangles():
    assert split_report(nx.barbell_graph(3, 0)) == {
        "parts": [{0, 1, 2}, {3, 4, 5}],
        "removed": [(2, 3)],
        "cross": 1,
        "refined": [{0, 1, 2}, {3, 4, 5}],
    }


def test_report_on_the_karate_club():
    report = split_report(nx.karate_club_graph())
    assert report["cross"] == 10 and len(report["removed"]) == 11
    assert report["refined"] == report["parts"]
