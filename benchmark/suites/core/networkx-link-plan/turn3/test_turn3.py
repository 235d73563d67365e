import networkx as nx
import pytest

from link_plan.bridges import bridge_plan, open_pairs, survival_report


def two_rings():
    # a ring 5-1-3-9 and a ring 2-7-8 joined by the link 9-2, and a spur 2-6
    return nx.Graph([(5, 1), (1, 3), (3, 9), (9, 5), (9, 2), (2, 7), (7, 8), (8, 2), (2, 6)])


def test_a_line_of_sites_is_closed_into_a_ring():
    assert bridge_plan(nx.path_graph((1, 2, 3, 4, 5, 6, 7))) == [(1, 7)]
    assert bridge_plan(nx.path_graph((1, 2, 3, 2, 4, 5, 6, 7))) == [(1, 3), (3, 7)]


def test_plans_for_stars_and_disconnected_networks():
    assert bridge_plan(nx.star_graph(4)) == [(1, 3), (2, 4)]
    G = nx.Graph([(0, 1), (0, 2), (1, 2)])
    G.add_node(4)
    assert bridge_plan(G) == [(4, 0), (1, 4)]
    lone = nx.Graph()
    lone.add_nodes_from([5, 1, 3])
    assert bridge_plan(lone) == [(1, 5), (3, 1), (5, 3)]


def test_plan_for_two_rings_and_a_spur():
    assert bridge_plan(two_rings()) == [(1, 6)]
    assert bridge_plan(nx.cycle_graph(5)) == []


def test_plans_need_three_simple_two_way_sites():
    with pytest.raises(ValueError):
        bridge_plan(nx.path_graph(2))
    with pytest.raises(ValueError):
        bridge_plan(nx.MultiGraph([(1, 2), (2, 3)]))
    with pytest.raises(ValueError):
        bridge_plan(nx.DiGraph([(1, 2), (2, 3), (3, 1)]))


def test_open_pairs_in_networkx_order():
    lone = nx.Graph()
    lone.add_nodes_from([5, 1, 3])
    assert open_pairs(lone) == [(5, 1), (5, 3), (1, 3)]
    assert open_pairs(nx.path_graph((4, 2, 9, 1))) == [(4, 9), (4, 1), (2, 1)]
    assert open_pairs(nx.complete_graph(4)) == []


def test_open_pairs_between_groups():
    assert open_pairs(two_rings(), [{5, 1, 3, 9}])[:8] == [(5, 2), (5, 7), (5, 8), (5, 6), (1, 2), (1, 7), (1, 8), (1, 6)]
    assert len(open_pairs(two_rings(), [{5, 1, 3, 9}])) == 17
    assert open_pairs(two_rings(), [{5, 1, 3, 9}, {2, 7, 8, 6}]) == [
        (5, 2), (5, 7), (5, 8), (5, 6), (1, 2), (1, 7), (1, 8), (1, 6),
        (3, 2), (3, 7), (3, 8), (3, 6), (9, 7), (9, 8), (9, 6),
    ]


def test_report_on_two_rings():
    assert survival_report(two_rings()) == {
        "bridges": [(2, 6), (2, 9)],
        "parts": 3,
        "weak": [6],
        "connect": [],
        "plan": [(1, 6)],
    }


def test_report_on_a_ring_and_on_a_pair():
    assert survival_report(nx.cycle_graph(5)) == {"bridges": [], "parts": 1, "weak": [], "connect": [], "plan": []}
    assert survival_report(nx.path_graph(2)) == {"bridges": [(0, 1)], "parts": 2, "weak": [0, 1], "connect": [], "plan": []}


def test_report_on_a_disconnected_network():
    G = nx.Graph([(1, 2), (2, 3), (3, 1), (4, 5)])
    assert survival_report(G) == {
        "bridges": [(4, 5)],
        "parts": 3,
        "weak": [4, 5],
        "connect": [(1, 4)],
        "plan": [(4, 1), (1, 5)],
    }


def test_report_refuses_parallel_links():
    with pytest.raises(ValueError):
        survival_report(nx.MultiGraph([(1, 2), (1, 2)]))
