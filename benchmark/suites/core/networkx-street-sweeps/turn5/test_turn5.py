import networkx as nx
import pytest

from sweep.days import day_report, district_map, sweep_days


def town():
    G = nx.Graph([(1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (5, 3), (1, 6), (5, 6), (2, 7), (7, 8)])
    for i, (u, v) in enumerate(G.edges):
        G.edges[u, v]["length"] = i % 3 + 1
    return G


def test_sweep_days():
    assert sweep_days(town()) == {1: 0, 2: 1, 3: 2, 4: 0, 5: 1, 6: 2, 7: 0, 8: 1}
    assert sweep_days(town(), [8, 7, 6, 5, 4, 3, 2, 1]) == {1: 1, 2: 0, 3: 2, 4: 0, 5: 1, 6: 0, 7: 1, 8: 0}


def test_sweep_days_of_small_districts():
    assert sweep_days(nx.cycle_graph(5)) == {0: 0, 1: 1, 2: 0, 3: 1, 4: 2}
    assert sweep_days(nx.complete_bipartite_graph(3, 3), [0, 3, 1, 4, 2, 5]) == {0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 1}
    assert sweep_days(nx.Graph()) == {}


def test_sweep_days_refuse_bad_orders_and_networks():
    with pytest.raises(ValueError):
        sweep_days(town(), [1, 2, 3])
    with pytest.raises(ValueError):
        sweep_days(town(), [1, 1, 2, 3, 4, 5, 6, 7])
    with pytest.raises(ValueError):
        sweep_days(nx.DiGraph([(1, 2)]))
    with pytest.raises(ValueError):
        sweep_days(nx.Graph([(1, 1), (1, 2)]))


def test_district_map_of_overlapping_districts():
    assert district_map(town(), [{1, 2, 3}, {3, 4, 5}, {6, 7, 8}]) == {
        "districts": {0: {"sites": [1, 2, 3], "streets": 3}, 1: {"sites": [3, 4, 5], "streets": 3}, 2: {"sites": [6, 7, 8], "streets": 1}},
        "links": {(0, 1): 7, (0, 2): 5, (1, 2): 3},
    }


def test_district_map_of_separate_districts():
    assert district_map(town(), [{1, 2, 3}, {4, 5, 6}, {7, 8}]) == {
        "districts": {0: {"sites": [1, 2, 3], "streets": 3}, 1: {"sites": [4, 5, 6], "streets": 2}, 2: {"sites": [7, 8], "streets": 1}},
        "links": {(0, 1): 7, (0, 2): 2},
    }


def test_district_map_leaves_out_sites_in_no_district():
    assert district_map(town(), [{1, 2}, {4, 5}]) == {
        "districts": {0: {"sites": [1, 2], "streets": 1}, 1: {"sites": [4, 5], "streets": 1}},
        "links": {},
    }
    assert district_map(town(), [set(range(1, 9))]) == {"districts": {0: {"sites": [1, 2, 3, 4, 5, 6, 7, 8], "streets": 10}}, "links": {}}


def test_district_map_of_nested_districts():
    assert district_map(town(), [{1, 2, 3, 4}, {3, 4}, {7}]) == {
        "districts": {0: {"sites": [1, 2, 3, 4], "streets": 4}, 1: {"sites": [3, 4], "streets": 1}, 2: {"sites": [7], "streets": 0}},
        "links": {(0, 1): 6, (0, 2): 2},
    }


def test_district_map_refuses_bad_districts():
    with pytest.raises(ValueError):
        district_map(town(), [{1, 2}, set()])
    with pytest.raises(ValueError):
        district_map(town(), [{1, 99}])


def test_day_report():
    assert day_report(town(), [{1, 2, 3}, {3, 4, 5}, {6, 7, 8}]) == {
        "days": {1: 0, 2: 1, 3: 2, 4: 1, 5: 0, 6: 1, 7: 0, 8: 1},
        "district_days": {0: 0, 1: 1, 2: 2},
        "loops": 6,
        "start": None,
        "legs": [(5, 4), (4, 3), (3, 5), (5, 6), (6, 1), (1, 3), (3, 8), (8, 7), (7, 2), (2, 1)],
    }


def test_day_report_of_a_ring():
    assert day_report(nx.cycle_graph(4), [{0, 1}, {1, 2}, {2, 3}, {3, 0}]) == {
        "days": {0: 0, 1: 1, 2: 0, 3: 1},
        "district_days": {0: 0, 1: 1, 2: 2, 3: 3},
        "loops": 1,
        "start": 0,
        "legs": [(0, 3), (3, 2), (2, 1), (1, 0)],
    }
