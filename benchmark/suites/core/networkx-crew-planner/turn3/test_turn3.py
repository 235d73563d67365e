import networkx as nx
import pytest

from crew.reach import path_counts, reach_report, tight_crews


def team():
    G = nx.Graph([(1, 2), (1, 3), (2, 3), (3, 4), (4, 5), (3, 5), (5, 6), (4, 6), (2, 6), (6, 7)])
    nx.set_node_attributes(G, {1: 3, 2: 2, 3: 1, 4: 4, 5: 2, 6: 3, 7: 9}, "skill")
    for i, (u, v) in enumerate(G.edges):
        G.edges[u, v]["hours"] = i % 3 + 1
    return G


def test_path_counts_of_two_members():
    assert path_counts(team(), [1, 6]) == {"paths": {(1, 6): 1, (6, 1): 1}, "distance": {(1, 6): 2, (6, 1): 2}, "through": {(1, 6): 2, (6, 1): 2}}


def test_path_counts_of_three_members():
    counts = path_counts(team(), [1, 4, 7])
    assert counts["paths"] == {(1, 4): 1, (1, 7): 1, (4, 1): 1, (4, 7): 1, (7, 1): 1, (7, 4): 1}
    assert counts["distance"] == {(1, 4): 2, (1, 7): 3, (4, 1): 2, (4, 7): 2, (7, 1): 3, (7, 4): 2}
    assert counts["through"] == pytest.approx({(1, 4): 1, (1, 7): 1, (4, 1): 1, (4, 7): 4 / 3, (7, 1): 1, (7, 4): 4 / 3})


def test_path_counts_with_several_shortest_paths():
    assert path_counts(nx.cycle_graph(4), [0, 2]) == {"paths": {(0, 2): 2, (2, 0): 2}, "distance": {(0, 2): 2, (2, 0): 2}, "through": {(0, 2): 1, (2, 0): 1}}
    assert path_counts(nx.cycle_graph(6), [0, 3, 1])["through"] == {(0, 3): 1, (0, 1): 4.5, (3, 0): 1, (3, 1): 2, (1, 0): 4.5, (1, 3): 2}


def test_path_counts_by_hours():
    counts = path_counts(team(), [1, 6], weight="hours")
    assert counts["paths"] == {(1, 6): 1, (6, 1): 1} and counts["distance"] == {(1, 6): 2, (6, 1): 2}
    assert counts["through"] == pytest.approx({(1, 6): 11 / 3, (6, 1): 11 / 3})
    G = nx.cycle_graph(4)
    nx.set_edge_attributes(G, 2, "hours")
    assert path_counts(G, [0, 2], "hours") == {"paths": {(0, 2): 2, (2, 0): 2}, "distance": {(0, 2): 4, (2, 0): 4}, "through": {(0, 2): 1, (2, 0): 1}}


def test_path_counts_skip_members_who_cannot_reach_each_other():
    assert path_counts(nx.Graph([(1, 2), (3, 4)]), [1, 3, 2]) == {"paths": {(1, 2): 1, (2, 1): 1}, "distance": {(1, 2): 1, (2, 1): 1}, "through": {(1, 2): 1, (2, 1): 1}}
    with pytest.raises(ValueError):
        path_counts(team(), [1, 99])


def test_tight_crews():
    assert tight_crews(team(), 1) == [[1, 2, 3, 4, 5, 6, 7]]
    assert tight_crews(team(), 2) == [[1, 2, 3, 4, 5, 6], [7]]
    assert tight_crews(team(), 3) == [[1], [2], [3], [4], [5], [6], [7]]


def test_tight_crews_of_a_barbell_and_nobody():
    assert tight_crews(nx.barbell_graph(4, 0), 3) == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert tight_crews(nx.Graph(), 2) == []
    with pytest.raises(ValueError):
        tight_crews(team(), 0)


def test_tight_crews_of_a_directed_network():
    D = nx.DiGraph([(1, 2), (2, 3), (3, 1), (3, 4)])
    assert tight_crews(D, 1) == [[1, 2, 3], [4]]
    assert tight_crews(D, 2) == [[1], [2], [3], [4]]


def test_reach_report():
    assert reach_report(team()) == {
        "crew": [1, 2, 3],
        "counts": {(1, 2): 1, (1, 3): 1, (2, 1): 1, (2, 3): 1, (3, 1): 1, (3, 2): 1},
        "tight": [[1, 2, 3, 4, 5, 6], [7]],
        "loners": [7],
    }


def test_reach_report_by_skill():
    assert reach_report(team(), 3, "skill") == {
        "crew": [7, 6],
        "counts": {(7, 6): 1, (6, 7): 1},
        "tight": [[1], [2], [3], [4], [5], [6], [7]],
        "loners": [1, 7],
    }
