import math

import networkx as nx
import pytest

from spanning.picks import merge_order, pick_order, plan_summary


def town():
    G = nx.Graph()
    G.add_weighted_edges_from(
        [(1, 2, 4), (2, 3, 1), (3, 4, 3), (4, 1, 2), (1, 3, 5), (4, 5, 7), (5, 6, 1), (3, 6, 6)]
    )
    return G


def test_cheapest_plan_in_pick_order():
    assert pick_order(town()) == [(2, 3), (5, 6), (1, 4), (3, 4), (3, 6)]


def test_heaviest_plan():
    assert pick_order(town(), maximum=True) == [(4, 5), (3, 6), (1, 3), (1, 2), (3, 4)]


def test_required_links_come_first():
    assert pick_order(town(), must=[(3, 6)]) == [(3, 6), (2, 3), (5, 6), (1, 4), (3, 4)]
    assert pick_order(town(), must=[(6, 3), (1, 3)], never=[(2, 3)]) == [(1, 3), (3, 6), (5, 6), (1, 4), (1, 2)]


def test_required_links_that_close_a_loop():
    assert pick_order(town(), must=[(2, 3), (1, 3), (1, 2)]) == [(1, 2), (1, 3), (5, 6), (1, 4), (3, 6)]


def test_unknown_or_contradictory_links_and_refused_networks():
    with pytest.raises(ValueError):
        pick_order(town(), must=[(1, 6)])
    with pytest.raises(ValueError):
        pick_order(town(), must=[(1, 2)], never=[(2, 1)])
    with pytest.raises(ValueError):
        pick_order(nx.DiGraph([(1, 2)]))
    with pytest.raises(ValueError):
        merge_order(nx.MultiGraph([(1, 2), (1, 2)]))
    bad = town()
    bad[1][2]["weight"] = math.nan
    with pytest.raises(ValueError):
        pick_order(bad)


def test_links_without_a_weight_and_other_weight_names():
    assert pick_order(nx.Graph([(1, 2), (2, 3), (3, 1), (3, 4)])) == [(1, 2), (1, 3), (3, 4)]
    F = nx.Graph()
    F.add_edge("a", "b", cost=2)
    F.add_edge("b", "c", cost=1)
    F.add_edge("a", "c")
    assert pick_order(F, weight="cost") == [("a", "c"), ("b", "c")]


def test_merge_order():
    assert merge_order(town()) == [(1, 4), (2, 3), (5, 6), (4, 3), (6, 3)]
    assert merge_order(town(), maximum=True) == [(1, 3), (2, 1), (3, 6), (4, 5), (3, 4)]
    assert merge_order(nx.Graph([(1, 2), (2, 3), (3, 1), (3, 4)])) == [(1, 2), (3, 2), (4, 3)]


def test_sites_without_links():
    E = nx.Graph()
    E.add_nodes_from([3, 1, 2])
    assert pick_order(E) == [] and merge_order(E) == []
    assert plan_summary(E) == {"links": [], "weight": 0, "spans": False, "same_as_merging": True}


def test_summary():
    assert plan_summary(town()) == {
        "links": [(2, 3), (5, 6), (1, 4), (3, 4), (3, 6)],
        "weight": 13,
        "spans": True,
        "same_as_merging": True,
    }


def test_summary_with_required_and_forbidden_links():
    assert plan_summary(town(), never=[(4, 5), (3, 6)]) == {
        "links": [(2, 3), (5, 6), (1, 4), (3, 4)],
        "weight": 7,
        "spans": False,
        "same_as_merging": False,
    }
    assert plan_summary(town(), must=[(1, 3)]) == {
        "links": [(1, 3), (2, 3), (5, 6), (1, 4), (3, 6)],
        "weight": 15,
        "spans": True,
        "same_as_merging": False,
    }
