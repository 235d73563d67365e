import networkx as nx
import pytest

from sweep.lanes import district_loops, lane_legs, lane_route, lanes_summary


def avenue():
    return nx.MultiGraph([(1, 2), (1, 2), (2, 3), (3, 4), (4, 2), (3, 4), (1, 3)])


def grid():
    return nx.MultiGraph(nx.convert_node_labels_to_integers(nx.grid_2d_graph(2, 3)))


def test_lane_legs():
    assert lane_legs(avenue()) == [(4, 3, 1), (3, 4, 0), (4, 2, 0), (2, 3, 0), (3, 1, 0), (1, 2, 1), (2, 1, 0)]
    assert lane_legs(avenue(), 3) == [(1, 2, 1), (2, 3, 0), (3, 4, 1), (4, 3, 0), (3, 2, 0), (2, 1, 0), (1, 3, 0)]


def test_lane_legs_of_one_way_lanes_and_plain_streets():
    assert lane_legs(nx.MultiDiGraph([(1, 2), (2, 1), (1, 2), (2, 3), (3, 1)])) == [(1, 3, 0), (3, 2, 0), (2, 1, 1), (1, 2, 0), (2, 1, 0)]
    assert lane_legs(nx.cycle_graph(4)) == [(0, 3, 0), (3, 2, 0), (2, 1, 0), (1, 0, 0)]


def test_lane_legs_leave_the_network_alone():
    G = avenue()
    lane_legs(G)
    assert G.number_of_edges() == 7
    with pytest.raises(ValueError):
        lane_legs(G, 9)
    assert lane_legs(nx.MultiGraph()) == []


def test_lane_route():
    assert lane_route(avenue()) == [(1, 2, 0), (2, 1, 1), (1, 3, 0), (3, 2, 0), (2, 4, 0), (4, 3, 0), (3, 4, 1)]
    assert lane_route(nx.MultiGraph([(1, 2), (1, 2)])) == [(1, 2, 0), (2, 1, 1)]
    assert lane_route(grid()) == [(1, 0, 0), (0, 3, 0), (3, 4, 0), (4, 1, 0), (1, 2, 0), (2, 5, 0), (5, 4, 0)]


def test_no_lane_route():
    with pytest.raises(ValueError):
        lane_route(nx.MultiGraph([(1, 2), (1, 2), (2, 3), (2, 4), (2, 5)]))


def test_district_loops():
    assert district_loops(avenue()) == [[1, 2, 3], [1, 2, 4, 3], [2, 3, 4]]
    assert district_loops(grid()) == [[0, 3, 4, 1], [0, 3, 4, 5, 2, 1], [1, 4, 5, 2]]


def test_district_loops_with_a_bound():
    assert district_loops(nx.complete_graph(4)) == [[0, 1, 2], [0, 1, 2, 3], [0, 1, 3], [0, 1, 3, 2], [0, 2, 1, 3], [0, 2, 3], [1, 2, 3]]
    assert district_loops(nx.complete_graph(4), 3) == [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
    assert district_loops(nx.complete_graph(5), 0) == []


def test_district_loops_ignore_lanes_and_turning_streets():
    assert district_loops(nx.MultiGraph([(1, 1), (1, 2), (2, 3), (3, 1), (1, 2)])) == [[1, 2, 3]]
    with pytest.raises(ValueError):
        district_loops(nx.DiGraph([(1, 2), (2, 1)]))
    with pytest.raises(ValueError):
        district_loops(avenue(), -1)


def test_lanes_summary():
    assert lanes_summary(avenue()) == {
        "start": 1,
        "route": [(1, 2, 0), (2, 1, 1), (1, 3, 0), (3, 2, 0), (2, 4, 0), (4, 3, 0), (3, 4, 1)],
        "streets": [(3, 4), (4, 2), (2, 3), (3, 1), (1, 2)],
        "loops": 3,
    }


def test_lanes_summary_of_one_way_lanes():
    assert lanes_summary(nx.MultiDiGraph([(1, 2), (2, 1), (1, 2), (2, 3), (3, 1)])) == {
        "start": 1,
        "route": [(1, 2, 0), (2, 1, 0), (1, 2, 1), (2, 3, 0), (3, 1, 0)],
        "streets": [(1, 3), (3, 2), (2, 1), (1, 2)],
        "loops": None,
    }
