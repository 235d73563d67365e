import networkx as nx
import pytest

from planar.order import obstruction, order_report, placing_order


def kite():
    return nx.Graph([(1, 2), (2, 3), (3, 4), (4, 1), (1, 3), (4, 5), (5, 6)])


def test_placing_order_of_a_kite():
    assert placing_order(kite()) == [(1, []), (2, []), (3, [1, 2]), (4, [1, 3, 2]), (5, [4, 2]), (6, [1, 4, 5, 2])]


def test_placing_order_of_rings_and_wheels():
    assert placing_order(nx.cycle_graph(5)) == [(0, []), (1, []), (4, [0, 1]), (3, [0, 4]), (2, [0, 3, 4, 1])]
    assert placing_order(nx.wheel_graph(5)) == [(1, []), (2, []), (0, [1, 2]), (4, [1, 0]), (3, [1, 4, 0, 2])]


def test_placing_order_of_lines_and_separate_parts():
    assert placing_order(nx.path_graph(4)) == [(0, []), (1, []), (3, [0, 1]), (2, [0, 3, 1])]
    assert placing_order(nx.Graph([(1, 2), (3, 4), (4, 5)])) == [(1, []), (3, []), (5, [1, 3]), (2, [1, 5]), (4, [1, 2, 5, 3])]


def test_placing_order_refusals():
    with pytest.raises(ValueError):
        placing_order(nx.Graph([(1, 2)]))
    with pytest.raises(ValueError):
        placing_order(nx.complete_graph(5))


def test_obstruction():
    K = nx.complete_graph(5)
    K.add_edge(4, 9)
    assert obstruction(K) == [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]
    assert obstruction(nx.complete_bipartite_graph(3, 3)) == [(0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)]


def test_obstruction_of_the_petersen_network():
    assert obstruction(nx.petersen_graph()) == [(1, 2), (1, 6), (2, 3), (2, 7), (3, 4), (3, 8), (4, 9), (5, 7), (5, 8), (6, 8), (6, 9), (7, 9)]


def test_obstruction_of_a_network_that_can_be_drawn():
    with pytest.raises(ValueError):
        obstruction(kite())
    with pytest.raises(ValueError):
        obstruction(nx.DiGraph([(1, 2)]))


def test_order_report():
    assert order_report(kite()) == {"planar": True, "order": [1, 2, 3, 4, 5, 6], "added": 5, "obstruction": None}
    assert order_report(nx.complete_graph(4)) == {"planar": True, "order": [0, 1, 2, 3], "added": 0, "obstruction": None}


def test_order_report_of_a_network_that_crosses():
    assert order_report(nx.complete_bipartite_graph(3, 3)) == {
        "planar": False,
        "order": None,
        "added": None,
        "obstruction": [(0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)],
    }


def test_order_report_of_two_sites():
    assert order_report(nx.Graph([(1, 2)])) == {"planar": True, "order": [1, 2], "added": 0, "obstruction": None}
