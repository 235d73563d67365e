import networkx as nx
import pytest

from route_kit.detour import detour, route_length


def grid():
    # 0 1 2 / 3 4 5 / 6 7 8, roads between neighbours, no lengths (each counts 1)
    return nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 3))


def ferries():
    return nx.MultiGraph([(1, 2, {"length": 5}), (1, 2, {"length": 1}), (2, 3, {"length": 1}), (1, 3, {"length": 4})])


def test_shortest_route_among_equal_ones():
    assert detour(grid(), 0, 8) == (4, [0, 3, 4, 5, 8])
    assert detour(grid(), 8, 0) == (4, [8, 5, 4, 3, 0])


def test_closed_stops_and_roads():
    assert detour(grid(), 0, 8, closed_stops=[4]) == (4, [0, 1, 2, 5, 8])
    assert detour(grid(), 0, 8, closed_roads=[(3, 0)]) == (4, [0, 1, 2, 5, 8])
    assert detour(grid(), 0, 8, closed_stops=[3, 5], closed_roads=[(1, 2)]) == (4, [0, 1, 4, 7, 8])


def test_lengths_and_length_functions():
    G = grid()
    nx.set_edge_attributes(G, {(4, 5): 10, (3, 4): 10}, "length")
    assert detour(G, 0, 8) == (4, [0, 1, 2, 5, 8])
    assert detour(G, 0, 8, weight=lambda u, v, d: None if 2 in (u, v) else 1) == (4, [0, 3, 4, 5, 8])


def test_closing_a_pair_of_stops_closes_every_road_between_them():
    assert detour(ferries(), 1, 3) == (2, [1, 2, 3])
    assert detour(ferries(), 1, 3, closed_roads=[(2, 1)]) == (4, [1, 3])


def test_one_way_roads_are_closed_one_way():
    D = nx.DiGraph([(1, 2), (2, 3), (3, 1), (3, 2)])
    assert detour(D, 1, 3) == (2, [1, 2, 3])
    assert detour(D, 3, 2, closed_roads=[(2, 3)]) == (1, [3, 2])
    assert detour(D, 3, 2, closed_roads=[(3, 2)]) == (2, [3, 1, 2])
    with pytest.raises(ValueError):
        detour(D, 1, 3, closed_roads=[(2, 3)])


def test_no_open_route():
    with pytest.raises(ValueError):
        detour(grid(), 0, 8, closed_stops=[0])
    with pytest.raises(ValueError):
        detour(grid(), 0, 8, closed_stops=[1, 3])
    with pytest.raises(KeyError):
        detour(grid(), 0, 99)


def test_a_route_to_the_same_stop():
    assert detour(grid(), 4, 4) == (0, [4])
    assert detour(grid(), 4, 4, closed_roads=[(4, 5)]) == (0, [4])


def test_route_length_over_parallel_roads():
    assert route_length(ferries(), [1, 2, 3]) == 2
    assert route_length(ferries(), [3, 1, 2, 1]) == 6
    assert route_length(grid(), [4]) == 0


def test_route_length_with_attributes_and_functions():
    G = nx.Graph([(1, 2, {"length": 2.5, "toll": 3}), (2, 3, {"toll": 1})])
    assert route_length(G, [1, 2, 3]) == 3.5
    assert route_length(G, [1, 2, 3], weight="toll") == 4
    assert route_length(G, [3, 2, 1], weight=lambda u, v, d: 10 * d.get("toll", 0)) == 40


def test_route_length_refuses_broken_routes():
    with pytest.raises(ValueError):
        route_length(grid(), [0, 4])
    with pytest.raises(ValueError):
        route_length(grid(), [])
    with pytest.raises(ValueError):
        route_length(grid(), [0, 1], weight=lambda u, v, d: None)
    with pytest.raises(KeyError):
        route_length(grid(), [0, 99])
