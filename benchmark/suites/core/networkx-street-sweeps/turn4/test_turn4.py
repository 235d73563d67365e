import networkx as nx
import pytest

from sweep.spread import spread_estimate, spread_report, spread_table


def town():
    return nx.Graph([(1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (5, 3), (1, 6), (5, 6), (2, 7), (7, 8)])


def oneway():
    return nx.DiGraph([(1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (5, 1), (2, 6), (6, 1)])


def web():
    return nx.Graph([(0, 1), (0, 2), (1, 5), (2, 4), (3, 4), (4, 8), (5, 8), (5, 7), (5, 6), (6, 8), (7, 8)])


def loops():
    return nx.DiGraph([(0, 2), (0, 5), (0, 1), (1, 0), (2, 4), (3, 4), (3, 1), (4, 3), (4, 0), (4, 5), (4, 6), (5, 3), (6, 5)])


def test_estimates_from_chosen_starts():
    assert spread_estimate(web(), 2) == 3
    assert spread_estimate(web(), 0) == 4
    assert spread_estimate(web(), 8) == 3


def test_estimates_over_one_way_streets():
    assert spread_estimate(loops(), 1) == 5
    assert spread_estimate(loops(), 4) == 5
    assert spread_estimate(oneway(), 3) == 4


def test_spread_table():
    assert spread_table(web()) == {0: 4, 1: 4, 2: 3, 5: 4, 4: 4, 3: 4, 8: 3, 7: 4, 6: 4}
    assert spread_table(oneway()) == {1: 5, 2: 5, 3: 4, 4: 5, 5: 5, 6: 5}


def test_spread_table_of_a_line_and_a_ring():
    assert spread_table(nx.path_graph(5)) == {0: 4, 1: 4, 2: 4, 3: 4, 4: 4}
    assert spread_table(nx.cycle_graph(5)) == {0: 2, 1: 2, 2: 2, 3: 2, 4: 2}


def test_split_districts_and_unknown_starts():
    with pytest.raises(ValueError):
        spread_estimate(nx.Graph([(1, 2), (3, 4)]), 1)
    with pytest.raises(ValueError):
        spread_estimate(nx.DiGraph([(1, 2), (2, 3)]), 1)
    with pytest.raises(ValueError):
        spread_estimate(town(), 99)
    with pytest.raises(ValueError):
        spread_table(nx.Graph())


def test_spread_report():
    assert spread_report(web()) == {
        "estimates": {0: 4, 1: 4, 2: 3, 5: 4, 4: 4, 3: 4, 8: 3, 7: 4, 6: 4},
        "best": 4,
        "exact": 4,
        "tight_from": [0, 1, 5, 4, 3, 7, 6],
        "start": 4,
    }


def test_spread_report_of_one_way_streets():
    assert spread_report(oneway()) == {"estimates": {1: 5, 2: 5, 3: 4, 4: 5, 5: 5, 6: 5}, "best": 5, "exact": None, "tight_from": [], "start": None}


def test_spread_report_of_a_town():
    assert spread_report(town()) == {
        "estimates": {1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4},
        "best": 4,
        "exact": 4,
        "tight_from": [1, 2, 3, 4, 5, 6, 7, 8],
        "start": None,
    }


def test_spread_report_of_a_ring():
    assert spread_report(nx.cycle_graph(4)) == {"estimates": {0: 2, 1: 2, 2: 2, 3: 2}, "best": 2, "exact": 2, "tight_from": [0, 1, 2, 3], "start": 0}


def test_spread_report_of_a_lone_site():
    E = nx.Graph()
    E.add_node(3)
    assert spread_report(E) == {"estimates": {3: 0}, "best": 0, "exact": 0, "tight_from": [3], "start": 3}
