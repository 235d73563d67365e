import networkx as nx
import pytest

from route_kit.loads import load_report, road_loads, stop_loads


def ladder():
    # 0 1 2 / 3 4 5
    return nx.convert_node_labels_to_integers(nx.grid_2d_graph(2, 3))


def tree():
    return nx.Graph([(5, 1), (1, 3), (3, 9), (9, 2), (2, 7), (3, 8)])


def test_road_loads_from_a_corner():
    assert road_loads(ladder(), 0) == {
        (0, 3): 2.5, (3, 0): 2.5, (0, 1): 4.5, (1, 0): 4.5, (1, 4): 1.5, (4, 1): 1.5, (1, 2): 2.0,
        (2, 1): 2.0, (2, 5): 1.0, (5, 2): 1.0, (3, 4): 1.5, (4, 3): 1.5, (4, 5): 1.0, (5, 4): 1.0,
    }


def test_road_loads_add_up_to_networkx_edge_load():
    G = ladder()
    total = {}
    for depot in G:
        for road, load in road_loads(G, depot).items():
            total[road] = total.get(road, 0) + load
    assert total == nx.edge_load_centrality(G)


def test_road_loads_along_a_line_and_with_a_cutoff():
    assert road_loads(nx.path_graph(4), 0) == {(0, 1): 3.0, (1, 0): 3.0, (1, 2): 2.0, (2, 1): 2.0, (2, 3): 1.0, (3, 2): 1.0}
    assert road_loads(nx.path_graph(4), 0, cutoff=1) == {(0, 1): 1.0, (1, 0): 1.0, (1, 2): 1.0, (2, 1): 1.0, (2, 3): 1.0, (3, 2): 1.0}
    assert road_loads(nx.path_graph(4), 0, cutoff=2)[(0, 1)] == 2.0


def test_road_loads_of_a_lone_stop_and_bad_requests():
    lone = nx.Graph()
    lone.add_node(1)
    assert road_loads(lone, 1) == {}
    with pytest.raises(KeyError):
        road_loads(ladder(), 99)
    with pytest.raises(ValueError):
        road_loads(nx.DiGraph([(1, 2)]), 1)


def test_stop_loads():
    assert stop_loads(ladder(), 0) == {0: 0.0, 3: 0.75, 1: 2.25, 4: 0.5, 2: 0.5, 5: 0.0}
    assert stop_loads(nx.path_graph(4), 1) == {1: 0.0, 0: 0.0, 2: 1.0, 3: 0.0}
    G = nx.path_graph(3)
    G.add_node(9)
    assert stop_loads(G, 0) == {0: 0.0, 1: 1.0, 2: 0.0}


def test_report_from_the_far_stop():
    assert load_report(ladder()) == {
        "depots": [5],
        "roads": [((4, 5), 9.0), ((2, 5), 5.0), ((3, 4), 4.0)],
        "stops": [(4, 2.25), (2, 0.75), (1, 0.5)],
        "numbers": [(2, 0), (1, 0), (4, 2)],
    }


def test_report_from_two_depots_with_ties():
    assert load_report(ladder(), [0, 5], top=2) == {
        "depots": [0, 5],
        "roads": [((0, 1), 11.0), ((4, 5), 11.0)],
        "stops": [(1, 2.75), (4, 2.75)],
        "numbers": [(5, 3), (2, 0)],
    }


def test_report_on_a_tree():
    assert load_report(tree()) == {
        "depots": [7],
        "roads": [((2, 7), 12.0), ((2, 9), 10.0), ((3, 9), 8.0)],
        "stops": [(2, 5.0), (9, 4.0), (3, 3.0)],
        "numbers": [(1, 0), (1, 2), (3, 2)],
    }


def test_report_with_more_places_than_roads():
    report = load_report(nx.path_graph(3), [1], top=5)
    assert report["roads"] == [((0, 1), 2.0), ((1, 2), 2.0)]
    assert report["stops"] == [(0, 0.0), (1, 0.0), (2, 0.0)]


def test_report_without_depots():
    assert load_report(ladder(), [], top=2) == {"depots": [], "roads": [], "stops": [], "numbers": []}
