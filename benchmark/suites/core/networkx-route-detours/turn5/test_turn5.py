import networkx as nx
import pytest

from route_kit.oneway import delivery_paths, round_trips, trip_report


def hub():
    D = nx.DiGraph([(0, 1), (0, 2), (1, 3), (2, 3), (3, 4), (3, 5), (6, 5)])
    for u, v in D.edges():
        D[u][v]["cost"] = u + v
    return D


def loops():
    return nx.DiGraph([(1, 2), (2, 3), (3, 1), (3, 4), (4, 3), (4, 5), (5, 1), (2, 2), (5, 5)])


def test_delivery_paths_in_networkx_order():
    assert delivery_paths(hub()) == [[0, 1, 3, 4], [0, 2, 3, 4], [0, 1, 3, 5], [0, 2, 3, 5], [6, 5]]


def test_delivery_paths_of_lone_stops_loops_and_parallel_roads():
    lone = nx.DiGraph()
    lone.add_nodes_from([3, 1])
    assert delivery_paths(lone) == [[3], [1]]
    assert delivery_paths(loops()) == []
    assert delivery_paths(nx.MultiDiGraph([(1, 2), (1, 2), (2, 3)])) == [[1, 2, 3], [1, 2, 3]]


def test_delivery_paths_need_one_way_roads():
    with pytest.raises(ValueError):
        delivery_paths(nx.path_graph(3))


def test_round_trips():
    assert round_trips(loops()) == [[1, 2, 3], [1, 2, 3, 4, 5], [3, 4]]
    assert round_trips(loops(), 3) == [[1, 2, 3], [3, 4]]


def test_short_round_trips():
    assert round_trips(loops(), 2) == [[3, 4]]
    K = nx.DiGraph([(4, 2), (2, 4), (2, 9), (9, 4), (9, 2)])
    assert round_trips(K, 2) == [[9, 2], [2, 4]]
    assert round_trips(K) == [[9, 4, 2], [9, 2], [2, 4]]
    assert round_trips(K, 1) == [] and round_trips(K, 0) == []


def test_no_round_trips():
    assert round_trips(hub()) == []
    assert round_trips(nx.DiGraph([(1, 1)])) == []
    assert round_trips(nx.MultiDiGraph([(1, 2), (1, 2)])) == []


def test_report_on_a_delivery_network():
    assert trip_report(hub(), [0]) == {
        "paths": 5,
        "longest": [0, 2, 3, 5],
        "trips": 0,
        "paying_loop": None,
        "unreached": [6],
    }
    assert trip_report(hub(), [0, 6])["unreached"] == []


def test_report_on_loops():
    assert trip_report(loops(), [1]) == {"paths": 0, "longest": None, "trips": 3, "paying_loop": None, "unreached": []}


def test_report_with_a_paying_loop():
    L = nx.DiGraph()
    L.add_weighted_edges_from([(1, 2, 1), (2, 3, -3), (3, 1, 1), (3, 4, 1)], weight="cost")
    assert trip_report(L, [1]) == {"paths": 0, "longest": None, "trips": 1, "paying_loop": ([2, 3, 1, 2], -1), "unreached": None}


def test_report_on_lone_stops():
    lone = nx.DiGraph()
    lone.add_nodes_from([3, 1])
    assert trip_report(lone, [1]) == {"paths": 2, "longest": [3], "trips": 0, "paying_loop": None, "unreached": [3]}
