import networkx as nx
import pytest

from spanning.ranked import branch_plans, grow_order, ranked_report


def town():
    G = nx.Graph()
    G.add_weighted_edges_from(
        [(1, 2, 4), (2, 3, 1), (3, 4, 3), (4, 1, 2), (1, 3, 5), (4, 5, 7), (5, 6, 1), (3, 6, 6)]
    )
    return G


def test_grow_order():
    assert grow_order(town()) == [(1, 4), (4, 3), (3, 2), (3, 6), (6, 5)]
    assert grow_order(town(), maximum=True) == [(1, 3), (3, 6), (1, 2), (3, 4), (4, 5)]


def test_grow_order_refuses_what_the_planner_refuses():
    with pytest.raises(ValueError):
        grow_order(nx.DiGraph([(1, 2)]))
    with pytest.raises(ValueError):
        grow_order(nx.MultiGraph([(1, 2)]))


def test_branch_plans_of_the_town():
    assert branch_plans(town()) == [
        {"weight": 14.0, "must": [(1, 4), (2, 3)], "never": [(3, 4)], "links": [(1, 4), (2, 3), (5, 6), (1, 2), (3, 6)]},
        {"weight": 14.0, "must": [(1, 4), (2, 3), (3, 4)], "never": [(3, 6)], "links": [(1, 4), (2, 3), (3, 4), (5, 6), (4, 5)]},
        {"weight": 15.0, "must": [], "never": [(1, 4)], "links": [(2, 3), (5, 6), (3, 4), (1, 2), (3, 6)]},
        {"weight": 16.0, "must": [(1, 4)], "never": [(2, 3)], "links": [(1, 4), (5, 6), (3, 4), (1, 2), (3, 6)]},
        {"weight": 19.0, "must": [(1, 4), (2, 3), (3, 4), (3, 6)], "never": [(5, 6)], "links": [(1, 4), (2, 3), (3, 4), (3, 6), (4, 5)]},
    ]


def test_branch_plans_keep_required_and_forbidden_links():
    assert branch_plans(town(), must=[(6, 3)], never=[(2, 3)]) == [
        {"weight": 18.0, "must": [(3, 6), (1, 4), (1, 2)], "never": [(2, 3), (3, 4)], "links": [(1, 2), (1, 4), (3, 6), (5, 6), (1, 3)]},
        {"weight": 19.0, "must": [(3, 6)], "never": [(2, 3), (1, 4)], "links": [(3, 6), (5, 6), (3, 4), (1, 2), (1, 3)]},
        {"weight": 22.0, "must": [(3, 6), (1, 4), (1, 2), (3, 4)], "never": [(2, 3), (5, 6)], "links": [(1, 2), (1, 4), (3, 4), (3, 6), (4, 5)]},
    ]


def test_branch_plans_of_equal_weights():
    assert branch_plans(nx.cycle_graph(4)) == [
        {"weight": 3.0, "must": [], "never": [(0, 1)], "links": [(0, 3), (1, 2), (2, 3)]},
        {"weight": 3.0, "must": [(0, 1)], "never": [(0, 3)], "links": [(0, 1), (1, 2), (2, 3)]},
        {"weight": 3.0, "must": [(0, 1), (0, 3)], "never": [(1, 2)], "links": [(0, 1), (0, 3), (2, 3)]},
    ]


def test_a_tree_has_no_runner_up():
    assert branch_plans(nx.path_graph(4)) == []
    E = nx.Graph()
    E.add_nodes_from([5, 2])
    assert branch_plans(E) == [] and grow_order(E) == []


def test_branch_plans_refuse_unknown_links():
    with pytest.raises(ValueError):
        branch_plans(town(), must=[(1, 6)])
    with pytest.raises(ValueError):
        branch_plans(town(), never=[(2, 5)])


def test_ranked_report():
    assert ranked_report(town()) == {
        "pick": [(2, 3), (5, 6), (1, 4), (3, 4), (3, 6)],
        "merge": [(1, 4), (2, 3), (5, 6), (4, 3), (6, 3)],
        "grow": [(1, 4), (4, 3), (3, 2), (3, 6), (6, 5)],
        "weight": 13,
        "runners_up": [14.0, 14.0, 15.0, 16.0, 19.0],
    }


def test_ranked_report_of_a_square():
    assert ranked_report(nx.cycle_graph(4)) == {
        "pick": [(0, 1), (0, 3), (1, 2)],
        "merge": [(0, 1), (2, 1), (3, 2)],
        "grow": [(0, 1), (0, 3), (1, 2)],
        "weight": 3,
        "runners_up": [3.0, 3.0, 3.0],
    }


def test_ranked_report_of_a_tree():
    assert ranked_report(nx.path_graph(4)) == {
        "pick": [(0, 1), (1, 2), (2, 3)],
        "merge": [(0, 1), (2, 1), (3, 2)],
        "grow": [(0, 1), (1, 2), (2, 3)],
        "weight": 3,
        "runners_up": [],
    }
