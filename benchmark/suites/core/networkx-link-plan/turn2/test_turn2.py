import networkx as nx
import pytest

from link_plan.connect import connect_plan, offer_table, plan_summary


def scattered():
    G = nx.Graph([(1, 2), (2, 3), (4, 5)])
    G.add_nodes_from([6, 7, 8])
    return G


def test_fewest_links_when_any_link_may_be_added():
    assert connect_plan(scattered()) == [(1, 4), (4, 6), (6, 7), (7, 8)]
    lone = nx.Graph()
    lone.add_nodes_from([5, 1, 3, 9])
    assert connect_plan(lone) == [(5, 1), (1, 3), (3, 9)]


def test_cheapest_offered_links():
    offers = [(1, 3), (1, 5), (4, 7), (4, 8), (6, 1), (8, 1), (8, 2)]
    assert connect_plan(scattered(), offers) == [(1, 5), (6, 1), (8, 1), (4, 7)]
    priced = [(1, 3), (1, 5, 99), (4, 7, 9), (6, 1, 99), (8, 1, 99), (8, 2)]
    assert connect_plan(scattered(), priced) == [(8, 2), (1, 5), (6, 1), (4, 7)]


def test_offers_as_a_dict_of_costs():
    offers = {(1, 4): 1, (4, 6): 1, (6, 7): 1, (7, 8): 1, (1, 8): 0.5, (2, 6): 0.5}
    assert connect_plan(scattered(), offers) == [(1, 8), (2, 6), (1, 4), (6, 7)]


def test_nothing_to_connect_and_impossible_plans():
    assert connect_plan(nx.path_graph(4)) == []
    assert connect_plan(nx.Graph()) == [] and connect_plan(nx.path_graph(1), []) == []
    with pytest.raises(ValueError):
        connect_plan(scattered(), [(1, 4)])
    with pytest.raises(ValueError):
        connect_plan(scattered(), [(1, 99)])


def test_offer_table_takes_the_cheapest_offer_per_pair_of_groups():
    offers = [(1, 3), (1, 5, 99), (4, 7, 9), (6, 1, 99), (8, 1, 99), (8, 2)]
    assert offer_table(scattered(), offers) == {(0, 1): (1, 5, 99), (0, 2): (6, 1, 99), (0, 4): (8, 2, 1), (1, 3): (4, 7, 9)}


def test_offer_table_between_equally_cheap_offers():
    assert offer_table(scattered(), {(2, 4): 3, (1, 5): 3}) == {(0, 1): (1, 5, 3)}
    assert offer_table(scattered(), {(1, 5): 3, (2, 4): 3, (3, 5): 1, (5, 3): 0.5}) == {(0, 1): (5, 3, 0.5)}


def test_offer_table_ignores_links_inside_a_group_or_already_there():
    assert offer_table(scattered(), {(1, 3): 0, (1, 2): 0}) == {}
    assert offer_table(nx.path_graph(3), [(0, 2, 1)]) == {}


def test_offer_table_with_given_groups_and_cost_attributes():
    offers = [(6, 7, {"cost": 2}), (6, 8, {"cost": 2}), (7, 8, {"cost": 1})]
    assert offer_table(scattered(), offers, groups=[{6, 7}]) == {(0, 6): (7, 8, 1)}
    priced = [(6, 7, {"price": 2}), (6, 8, {"price": 3})]
    assert offer_table(scattered(), priced, weight="price") == {(2, 3): (6, 7, 2), (2, 4): (6, 8, 3)}


def test_summary_of_a_plan():
    assert plan_summary(scattered()) == {
        "links": [(1, 4), (4, 6), (6, 7), (7, 8)],
        "cost": 4,
        "groups": 5,
        "weak": [8, 3, 5, 2, 7, 1, 6, 4],
    }
    assert plan_summary(nx.Graph([(1, 2), (3, 4)]), [(2, 3, 5), (1, 4, 7)]) == {
        "links": [(2, 3)],
        "cost": 5,
        "groups": 2,
        "weak": [1, 4, 2, 3],
    }


def test_summary_of_a_connected_network():
    assert plan_summary(nx.cycle_graph(4)) == {"links": [], "cost": 0, "groups": 1, "weak": []}
    with pytest.raises(ValueError):
        plan_summary(nx.DiGraph([(1, 2)]))
