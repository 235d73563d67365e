import networkx as nx
import pytest

from sweep.loops import depots, loop_report, odd_loop


def town():
    G = nx.Graph([(1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (5, 3), (1, 6), (5, 6), (2, 7)])
    for i, (u, v) in enumerate(G.edges):
        G.edges[u, v]["length"] = (i * 3) % 4 + 1
    return G


def test_odd_loop_through_one_street():
    assert odd_loop(town(), [(1, 2)]) == [(1, 2), (2, 3), (3, 1)]
    assert odd_loop(town(), [(5, 6)]) == [(1, 2), (2, 3), (3, 5), (5, 6), (6, 1)]


def test_odd_loop_direction():
    assert odd_loop(town(), [(4, 5)]) == [(3, 5), (5, 4), (4, 3)]
    assert odd_loop(nx.complete_graph(4), [(2, 3)]) == [(0, 2), (2, 3), (3, 0)]


def test_odd_loop_through_several_streets():
    assert odd_loop(town(), [(2, 1), (3, 4)]) == [(1, 2), (2, 3), (3, 1)]
    assert odd_loop(town(), [(1, 2), (2, 3), (3, 1)]) == [(1, 2), (2, 3), (3, 1)]


def test_odd_loop_by_another_weight():
    assert odd_loop(town(), [(1, 2)], weight="toll") == [(1, 2), (2, 3), (3, 1)]
    assert odd_loop(nx.cycle_graph(5), [(4, 0)]) == [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]


def test_no_odd_loop():
    with pytest.raises(ValueError):
        odd_loop(town(), [(2, 7)])
    with pytest.raises(ValueError):
        odd_loop(town(), [(1, 5)])
    with pytest.raises(ValueError):
        odd_loop(town(), [])
    with pytest.raises(ValueError):
        odd_loop(nx.DiGraph([(1, 2), (2, 1)]), [(1, 2)])


def test_depots():
    assert depots(town()) == {"middle": [1, 2, 3], "edge": [4, 5, 6, 7], "radius": 2, "diameter": 3}


def test_depots_of_a_line_and_a_ring():
    assert depots(nx.path_graph(5)) == {"middle": [2], "edge": [0, 4], "radius": 2, "diameter": 4}
    assert depots(nx.cycle_graph(6)) == {"middle": [0, 1, 2, 3, 4, 5], "edge": [0, 1, 2, 3, 4, 5], "radius": 3, "diameter": 3}


def test_depots_need_a_connected_two_way_district():
    with pytest.raises(ValueError):
        depots(nx.Graph([(1, 2), (3, 4)]))
    with pytest.raises(ValueError):
        depots(nx.Graph())
    with pytest.raises(ValueError):
        depots(nx.MultiGraph([(1, 2)]))


def test_loop_report():
    assert loop_report(town(), [(1, 2)]) == {"loop": [(1, 2), (2, 3), (3, 1)], "length": 7, "shorter_loops": 0, "start": None, "middle": [1, 2, 3]}


def test_loop_report_of_a_long_loop():
    assert loop_report(town(), [(5, 6)]) == {
        "loop": [(1, 2), (2, 3), (3, 5), (5, 6), (6, 1)],
        "length": 10,
        "shorter_loops": 3,
        "start": None,
        "middle": [1, 2, 3],
    }


def test_loop_report_of_a_ring():
    assert loop_report(nx.cycle_graph(4), [(1, 2), (2, 3), (3, 0)]) == {
        "loop": [(0, 3), (3, 2), (2, 1), (1, 0)],
        "length": 4,
        "shorter_loops": 0,
        "start": 0,
        "middle": [0, 1, 2, 3],
    }
