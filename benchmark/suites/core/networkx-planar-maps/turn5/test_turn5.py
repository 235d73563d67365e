import networkx as nx
import pytest

from planar.explain import frontier, match_trace, pair_check


def kite():
    return nx.Graph([(1, 2), (2, 3), (3, 4), (4, 1), (1, 3), (4, 5), (5, 6)])


def kite_again():
    return nx.Graph([(10, 20), (20, 30), (30, 40), (40, 10), (20, 40), (30, 50), (50, 60)])


def with_depot(G, site):
    nx.set_node_attributes(G, {site: "depot"}, "kind")
    return G


def test_frontier_before_any_match():
    assert frontier(kite(), kite_again()) == {"first": [], "second": [], "first_untouched": [1, 2, 3, 4, 5, 6], "second_untouched": [10, 20, 30, 40, 50, 60]}


def test_frontier_after_matches():
    assert frontier(kite(), kite_again(), [(1, 40)]) == {"first": [2, 3, 4], "second": [10, 20, 30], "first_untouched": [5, 6], "second_untouched": [50, 60]}
    assert frontier(kite(), kite_again(), [(1, 40), (4, 30)]) == {"first": [2, 3, 5], "second": [10, 20, 50], "first_untouched": [6], "second_untouched": [60]}


def test_frontier_refuses_bad_matches():
    with pytest.raises(ValueError):
        frontier(kite(), kite_again(), [(1, 99)])
    with pytest.raises(ValueError):
        frontier(kite(), kite_again(), [(1, 40), (2, 40)])
    with pytest.raises(ValueError):
        frontier(nx.DiGraph([(1, 2)]), nx.DiGraph([(1, 2)]))


def test_pair_check_before_any_match():
    assert pair_check(kite(), kite_again(), [], 1, 40) == {"cut": False, "feasible": True}
    assert pair_check(kite(), kite_again(), [], 1, 50) == {"cut": True, "feasible": False}


def test_pair_check_after_a_match():
    assert pair_check(kite(), kite_again(), [(1, 40)], 4, 30) == {"cut": False, "feasible": True}
    assert pair_check(kite(), kite_again(), [(1, 40)], 4, 10) == {"cut": True, "feasible": False}
    assert pair_check(kite(), kite_again(), [(1, 40)], 6, 60) == {"cut": False, "feasible": True}


def test_pair_check_with_labels():
    assert pair_check(with_depot(kite(), 6), with_depot(kite_again(), 60), [], 6, 10, "kind") == {"cut": True, "feasible": False}
    assert pair_check(with_depot(kite(), 6), with_depot(kite_again(), 60), [], 6, 60, "kind") == {"cut": False, "feasible": True}


def test_match_trace():
    assert match_trace(kite(), kite_again()) == [
        (1, 40, [20, 30, 40]),
        (4, 30, [30, 50]),
        (3, 20, [10, 20, 60]),
        (2, 10, [10]),
        (5, 50, [50]),
        (6, 60, [10, 20, 30, 40, 60]),
    ]


def test_match_trace_with_labels():
    assert match_trace(with_depot(kite(), 6), with_depot(kite_again(), 60), "kind") == [
        (6, 60, [60]),
        (5, 50, [50]),
        (4, 30, [10, 30]),
        (1, 40, [20, 40]),
        (3, 20, [10, 20, 30]),
        (2, 10, [10, 30, 60]),
    ]


def test_match_trace_of_a_ring():
    assert match_trace(nx.cycle_graph(4), nx.cycle_graph(4)) == [(0, 0, [0, 1, 2, 3]), (1, 1, [1, 3]), (3, 3, [0, 1, 2, 3]), (2, 2, [0, 2])]


def test_match_trace_of_maps_that_do_not_match():
    assert match_trace(nx.path_graph(3), nx.path_graph(4)) == []
