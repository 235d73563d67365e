import networkx as nx
import pytest

from spanning.feeds import feed_branches, feed_marks, feed_plan, feed_report


def hub():
    G = nx.DiGraph()
    G.add_weighted_edges_from(
        [(0, 1, 3), (0, 2, 1), (2, 1, 1), (1, 3, 2), (2, 3, 4), (3, 1, 1), (0, 3, 6), (3, 2, 2)]
    )
    return G


ALL_OPEN = {(0, 1): "open", (0, 2): "open", (0, 3): "open", (1, 3): "open", (2, 1): "open", (2, 3): "open", (3, 1): "open", (3, 2): "open"}


def test_marks_without_requests():
    assert feed_marks(hub()) == ALL_OPEN


def test_a_required_link_forbids_the_other_links_into_its_site():
    assert feed_marks(hub(), must=[(0, 1)]) == {**ALL_OPEN, (0, 1): "must", (2, 1): "never", (3, 1): "never"}
    assert feed_marks(hub(), must=[(0, 1)], never=[(2, 1), (3, 1)]) == feed_marks(hub(), must=[(0, 1)])


def test_two_required_links_into_one_site():
    assert feed_marks(hub(), must=[(0, 1), (2, 1)]) == {**ALL_OPEN, (0, 1): "must", (2, 1): "must"}
    assert feed_marks(nx.DiGraph([(1, 2), (2, 3), (3, 1)]), must=[(1, 2)]) == {(1, 2): "must", (2, 3): "open", (3, 1): "open"}


def test_feed_plan():
    assert feed_plan(hub()) == [(0, 2), (1, 3), (2, 1)]
    assert feed_plan(hub(), must=[(0, 1)]) == [(0, 1), (0, 2), (1, 3)]
    assert feed_plan(hub(), never=[(0, 2)]) == [(0, 1), (1, 3), (3, 2)]


def test_impossible_feeds_and_refused_requests():
    with pytest.raises(ValueError):
        feed_plan(hub(), never=[(0, 1), (0, 2), (0, 3)])
    with pytest.raises(ValueError):
        feed_marks(hub(), must=[(1, 0)])
    with pytest.raises(ValueError):
        feed_marks(nx.Graph([(1, 2)]))
    with pytest.raises(ValueError):
        feed_branches(nx.MultiDiGraph([(1, 2)]))


def test_feed_branches():
    assert feed_branches(hub()) == [
        {"weight": 6.0, "must": [(0, 2)], "never": [(1, 3)]},
        {"weight": 6.0, "must": [(0, 2), (1, 3)], "never": [(2, 1)]},
        {"weight": 7.0, "must": [], "never": [(0, 2)]},
    ]


def test_feed_branches_keep_the_requests():
    assert feed_branches(hub(), must=[(1, 3)]) == [
        {"weight": 6.0, "must": [(1, 3), (0, 2)], "never": [(2, 1)]},
        {"weight": 7.0, "must": [(1, 3)], "never": [(0, 2)]},
    ]


def test_feed_branches_of_a_ring():
    assert feed_branches(nx.DiGraph([(1, 2), (2, 3), (3, 1)])) == [
        {"weight": 2.0, "must": [], "never": [(1, 2)]},
        {"weight": 2.0, "must": [(1, 2)], "never": [(2, 3)]},
    ]


def test_feed_report():
    assert feed_report(hub()) == {
        "feed": [(0, 2), (1, 3), (2, 1)],
        "weight": 4,
        "runners_up": [6.0, 6.0, 7.0],
        "two_way_pick": [(0, 2), (1, 3), (1, 2)],
        "two_way_grow": [(0, 2), (2, 1), (1, 3)],
    }


def test_feed_report_of_a_ring():
    assert feed_report(nx.DiGraph([(1, 2), (2, 3), (3, 1)])) == {
        "feed": [(1, 2), (2, 3)],
        "weight": 2,
        "runners_up": [2.0, 2.0],
        "two_way_pick": [(1, 2), (1, 3)],
        "two_way_grow": [(1, 2), (1, 3)],
    }
