import networkx as nx
import pytest

from link_plan.costed import costed_bridge_plan, costed_report, feed_tree


def two_rings():
    return nx.Graph([(5, 1), (1, 3), (3, 9), (9, 5), (9, 2), (2, 7), (7, 8), (8, 2), (2, 6)])


RING_OFFERS = {(6, 7): 4, (6, 8): 2, (6, 1): 3, (8, 5): 1, (6, 3): 2}
CHANNELS = {(0, 1): 5, (0, 2): 1, (2, 1): 1, (1, 2): 1, (1, 3): 2, (2, 3): 4, (3, 0): 1}


def test_equal_costs_favour_the_single_closing_link():
    line = nx.path_graph((1, 2, 3, 4))
    assert costed_bridge_plan(line, [(1, 4, 1), (1, 3, 1), (2, 4, 1)]) == [(1, 4)]
    assert costed_bridge_plan(line, [(1, 4, 1000), (1, 3, 1), (2, 4, 1)]) == [(2, 4), (1, 3)]


def test_a_disconnected_network_is_connected_first():
    G = nx.path_graph((1, 2, 3, 4))
    G.add_node(5)
    assert costed_bridge_plan(G, [(1, 5, 11), (2, 5, 10), (4, 3, 1), (4, 5, 1)]) == [(4, 5), (1, 5)]
    assert costed_bridge_plan(G, [(1, 5, 11), (2, 5, 10), (4, 3, 1), (4, 5, 51)]) == [(2, 5), (4, 5), (1, 5)]
    two_lines = nx.Graph([(1, 2), (2, 3), (4, 5), (5, 6)])
    assert costed_bridge_plan(two_lines, {(3, 4): 1, (1, 6): 2, (1, 4): 5, (3, 6): 1}) == [(3, 4), (1, 6)]


def test_offers_with_cost_attributes():
    line = nx.path_graph((1, 2, 3, 4))
    offers = [(1, 3, {"cost": 2}), (2, 4, {"cost": 2}), (1, 4, {"cost": 5})]
    assert costed_bridge_plan(line, offers) == [(2, 4), (1, 3)]
    priced = [(1, 3, {"price": 2}), (2, 4, {"price": 2}), (1, 4, {"price": 5})]
    assert costed_bridge_plan(line, priced, weight="price") == [(2, 4), (1, 3)]


def test_nothing_to_do_and_impossible_plans():
    assert costed_bridge_plan(nx.cycle_graph(4), [(0, 2, 1)]) == []
    assert costed_bridge_plan(two_rings(), RING_OFFERS) == [(6, 3)]
    with pytest.raises(ValueError):
        costed_bridge_plan(nx.path_graph((1, 2, 3, 4)), [])
    with pytest.raises(ValueError):
        costed_bridge_plan(nx.path_graph((1, 2, 3, 4)), [(1, 3, 2)])
    with pytest.raises(ValueError):
        costed_bridge_plan(nx.path_graph(2), [(0, 1, 1)])


def test_feed_tree_is_rooted_at_the_sender():
    assert feed_tree(CHANNELS, 0) == [(0, 2), (1, 3), (2, 1)]
    assert feed_tree(CHANNELS, 1) == [(1, 2), (1, 3), (3, 0)]
    assert feed_tree(CHANNELS, 3) == [(3, 0), (0, 2), (2, 1)]


def test_feed_tree_of_a_small_network():
    assert feed_tree({(1, 2): 1, (2, 1): 1, (2, 3): 2, (1, 3): 2}, 1) == [(1, 2), (1, 3)]
    assert feed_tree({(1, 2): 3, (1, 3): 1, (3, 2): 1}, 1) == [(1, 3), (3, 2)]


def test_feed_tree_without_channels_and_unreachable_sites():
    assert feed_tree({}, "hq") == [] and feed_tree({("hq", "hq"): 1}, "hq") == []
    with pytest.raises(ValueError):
        feed_tree({(1, 2): 1, (3, 2): 1}, 1)
    with pytest.raises(ValueError):
        feed_tree({(1, 2): 1}, 2)


def test_report_on_two_rings():
    assert costed_report(two_rings(), RING_OFFERS) == {
        "plan": [(6, 3)],
        "cost": 2,
        "fewest": 1,
        "between_parts": {(0, 1): (8, 5, 1), (0, 2): (6, 3, 2), (1, 2): (6, 8, 2)},
        "weak": [],
    }


def test_report_on_two_lines():
    offers = {(3, 4): 1, (1, 6): 2, (1, 4): 5, (3, 6): 1}
    assert costed_report(nx.Graph([(1, 2), (2, 3), (4, 5), (5, 6)]), offers) == {
        "plan": [(3, 4), (1, 6)],
        "cost": 3,
        "fewest": 2,
        "between_parts": {(0, 3): (1, 4, 5), (0, 5): (1, 6, 2), (2, 3): (3, 4, 1), (2, 5): (3, 6, 1)},
        "weak": [],
    }


def test_report_refuses_what_the_plan_refuses():
    with pytest.raises(ValueError):
        costed_report(nx.path_graph((1, 2, 3, 4)), [(1, 3, 2)])
    with pytest.raises(ValueError):
        costed_report(nx.path_graph((1, 2, 3)), [(1, 99, 2)])
