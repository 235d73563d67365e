import networkx as nx
import pytest

from route_kit.far import far_stop, route_sheet, stop_numbers


def grid():
    # 0 1 2 3 / 4 5 6 7 / 8 9 10 11
    return nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 4))


def tree_and_more():
    T = nx.Graph([(5, 1), (1, 3), (3, 9), (9, 2), (2, 7), (3, 8)])
    T.add_edges_from([(20, 21), (21, 22)])
    T.add_node(30)
    return T


def priced():
    W = nx.Graph()
    W.add_edge(1, 2, cost=1, length=10)
    W.add_edge(2, 3, cost=1, length=10)
    W.add_edge(1, 3, cost=5, length=1)
    W.add_edge(3, 4, cost=1)
    return W


def test_far_stop_of_a_grid():
    assert far_stop(grid()) == 11
    assert far_stop(grid(), 5) == 11


def test_far_stop_of_a_tree_and_of_other_parts():
    assert far_stop(tree_and_more()) == 7
    assert far_stop(tree_and_more(), 21) == 22
    assert far_stop(tree_and_more(), 30) == 30


def test_far_stop_of_a_star_and_a_line():
    assert far_stop(nx.star_graph(4)) == 2
    assert far_stop(nx.path_graph([4, 2, 7, 1])) == 1
    with pytest.raises(ValueError):
        far_stop(nx.Graph())
    with pytest.raises(ValueError):
        far_stop(nx.DiGraph([(1, 2)]))


def test_numbers_of_a_grid():
    assert stop_numbers(grid()) == {11: 0, 10: 1, 7: 2, 9: 3, 6: 4, 3: 5, 8: 6, 5: 7, 2: 8, 4: 9, 1: 10, 0: 11}


def test_numbers_part_after_part():
    assert stop_numbers(tree_and_more()) == {7: 0, 2: 1, 9: 2, 3: 3, 8: 4, 1: 5, 5: 6, 22: 7, 21: 8, 20: 9, 30: 10}
    assert stop_numbers(nx.star_graph(4)) == {2: 0, 0: 1, 1: 2, 3: 3, 4: 4}


def test_numbers_backwards():
    assert stop_numbers(tree_and_more(), reverse=True) == {30: 0, 20: 1, 21: 2, 22: 3, 5: 4, 1: 5, 8: 6, 3: 7, 9: 8, 2: 9, 7: 10}
    assert stop_numbers(nx.path_graph([4, 2, 7, 1]), True) == {4: 0, 2: 1, 7: 2, 1: 3}
    assert stop_numbers(nx.Graph()) == {}


def test_route_sheet_from_one_depot():
    assert route_sheet(priced(), [1]) == [(0, 4, 1, 3, 21), (1, 3, 1, 2, 20), (2, 1, 1, 0, 0), (3, 2, 1, 1, 10)]


def test_route_sheet_from_two_depots():
    assert route_sheet(priced(), [1, 4]) == [(0, 4, 4, 0, 0), (1, 3, 4, 1, 1), (2, 1, 1, 0, 0), (3, 2, 1, 1, 10)]


def test_route_sheet_leaves_out_stops_no_depot_reaches():
    sheet = route_sheet(tree_and_more(), [21], cost="cost", length="cost")
    assert sheet == [(7, 22, 21, 1, 1), (8, 21, 21, 0, 0), (9, 20, 21, 1, 1)]


def test_route_sheet_without_depots_or_on_one_way_roads():
    assert route_sheet(priced(), []) == []
    with pytest.raises(ValueError):
        route_sheet(nx.DiGraph([(1, 2)]), [1])
    with pytest.raises(KeyError):
        route_sheet(priced(), [99])
