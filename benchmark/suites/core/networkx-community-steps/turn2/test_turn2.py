import networkx as nx
import pytest

from crowd.merge import merge_report, merge_steps, refine


def gains(steps):
    return [None if gain is None else round(gain, 6) for _, gain in steps]


def test_merge_steps_of_two_triangles():
    steps = merge_steps(nx.barbell_graph(3, 0))
    assert [communities for communities, _ in steps] == [
        [{0}, {1}, {2}, {3}, {4}, {5}],
        [{0, 1}, {2}, {3}, {4}, {5}],
        [{0, 1, 2}, {3}, {4}, {5}],
        [{0, 1, 2}, {3}, {4, 5}],
        [{0, 1, 2}, {3, 4, 5}],
        [{0, 1, 2, 3, 4, 5}],
    ]
    assert gains(steps) == [None, 0.102041, 0.163265, 0.102041, 0.163265, -0.357143]


def test_merge_steps_keep_networkx_order():
    steps = merge_steps(nx.karate_club_graph(), None)
    assert len(steps) == 34
    assert steps[1][0][15] == {16, 5} and len(steps[1][0]) == 33
    assert gains(steps)[1:6] == [0.012163, 0.023669, 0.012492, 0.019231, 0.031312]


def test_merge_steps_on_one_way_links():
    D = nx.DiGraph([(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4), (3, 4)])
    steps = merge_steps(D)
    assert steps[4][0] == [{1, 2, 3}, {4, 5, 6}]
    assert gains(steps)[-1] == -0.367347


def test_merge_steps_without_links():
    lone = nx.Graph()
    lone.add_nodes_from([2, 1])
    assert merge_steps(lone) == [([{2}, {1}], None)]
    assert merge_steps(nx.Graph()) == []


def test_refine_from_single_members():
    assert refine(nx.barbell_graph(3, 0), [{n} for n in range(6)]) == [{0, 1, 2}, {3, 4, 5}]
    assert refine(nx.karate_club_graph(), [{n} for n in range(34)], seed=1)[:3] == [
        {0, 17, 19, 21, 11},
        {1, 2, 3, 7, 12, 13},
        {10, 4},
    ]


def test_refine_from_given_communities():
    assert refine(nx.barbell_graph(3, 0), [{0, 1}, {2, 3}, {4, 5}]) == [{0, 1, 2, 3}, {4, 5}]
    halves = [set(range(17)), set(range(17, 34))]
    assert refine(nx.karate_club_graph(), halves) == halves


def test_refine_one_way_links_and_lone_members():
    D = nx.DiGraph([(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4), (3, 4)])
    assert refine(D, [{n} for n in D]) == [{1, 2, 3}, {4, 5, 6}]
    lone = nx.Graph()
    lone.add_nodes_from([1, 2])
    assert refine(lone, [{1}, {2}]) == [{1}, {2}]
    with pytest.raises(ValueError):
        refine(lone, [{1}])


def test_report_on_two_triangles():
    assert merge_report(nx.barbell_graph(3, 0)) == {"merges": 4, "best": [[0, 1, 2], [3, 4, 5]], "cross": 1, "inside": 6}


def test_report_on_the_karate_club_with_and_without_weights():
    weighted = merge_report(nx.karate_club_graph())
    assert weighted["merges"] == 31 and weighted["cross"] == 14 and weighted["inside"] == 198
    assert weighted["best"][2] == [4, 5, 6, 10, 16]
    plain = merge_report(nx.karate_club_graph(), "none")
    assert plain["cross"] == 19 and plain["inside"] == 59
    assert plain["best"][2] == [0, 4, 5, 6, 10, 11, 16, 19]


def test_report_without_links():
    lone = nx.Graph()
    lone.add_nodes_from([1, 2])
    assert merge_report(lone) == {"merges": 0, "best": [[1], [2]], "cross": 0, "inside": 0}
    assert merge_report(nx.Graph()) == {"merges": 0, "best": [], "cross": 0, "inside": 0}
