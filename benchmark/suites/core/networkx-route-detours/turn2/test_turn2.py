import networkx as nx
import pytest

from route_kit.depots import depot_routes, rebate_loop, rebate_savings


def town():
    D = nx.DiGraph()
    D.add_weighted_edges_from(
        [(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 1), (2, 3, 5), (3, 4, -2), (4, 5, 1), (6, 5, 1), (5, 3, 3)],
        weight="cost",
    )
    return D


def loops():
    L = nx.DiGraph()
    L.add_weighted_edges_from([(1, 2, 1), (2, 3, -3), (3, 1, 1), (3, 4, 1), (4, 5, -1), (5, 4, -1)], weight="cost")
    return L


def test_routes_from_one_depot_with_a_rebate():
    assert depot_routes(town(), [0]) == {
        0: (0, [0]),
        1: (3, [0, 2, 1]),
        2: (1, [0, 2]),
        3: (4, [0, 2, 1, 3]),
        4: (2, [0, 2, 1, 3, 4]),
        5: (3, [0, 2, 1, 3, 4, 5]),
    }


def test_each_stop_is_served_from_its_cheapest_depot():
    routes = depot_routes(town(), [0, 6])
    assert routes[5] == (1, [6, 5]) and routes[4] == (2, [6, 5, 3, 4])
    assert routes[1] == (3, [0, 2, 1])


def test_equally_cheap_depots():
    assert depot_routes(town(), [0, 6])[3] == (4, [6, 5, 3])
    assert depot_routes(nx.path_graph(4), [3, 0]) == {3: (0, [3]), 0: (0, [0]), 2: (1, [3, 2]), 1: (1, [0, 1])}


def test_depots_given_twice_none_and_unknown():
    assert depot_routes(town(), [6, 6]) == {6: (0, [6]), 5: (1, [6, 5]), 3: (4, [6, 5, 3]), 4: (2, [6, 5, 3, 4])}
    assert depot_routes(town(), []) == {}
    with pytest.raises(KeyError):
        depot_routes(town(), [42])


def test_a_reachable_paying_loop_is_refused():
    with pytest.raises(ValueError):
        depot_routes(loops(), [1])
    with pytest.raises(ValueError):
        depot_routes(nx.Graph([(1, 2, {"cost": -1})]), [1])


def test_the_loop_found_first():
    assert rebate_loop(loops()) == ([5, 4, 5], -2)
    L = loops()
    L.remove_edge(5, 4)
    assert rebate_loop(L) == ([2, 3, 1, 2], -1)


def test_no_paying_loop():
    assert rebate_loop(town()) is None
    assert rebate_loop(nx.path_graph(3)) is None
    assert rebate_loop(nx.DiGraph()) is None


def test_a_two_way_road_with_a_rebate_is_a_loop_itself():
    assert rebate_loop(nx.Graph([(1, 2, {"cost": -1})])) == ([2, 1, 2], -2)
    assert rebate_loop(nx.Graph([(1, 2, {"toll": -1})]), weight="toll") == ([2, 1, 2], -2)


def test_savings_against_routes_without_rebates():
    assert rebate_savings(town(), [0, 6]) == {1: (0, 3, 0), 2: (0, 1, 0), 5: (6, 1, 0), 3: (6, 4, 0), 4: (6, 2, 2)}


def test_savings_with_several_rebates():
    D = town()
    D.add_edge(2, 1, cost=-1)
    assert rebate_savings(D, [0]) == {1: (0, 0, 1), 2: (0, 1, 0), 3: (0, 1, 1), 4: (0, -1, 3), 5: (0, 0, 3)}
