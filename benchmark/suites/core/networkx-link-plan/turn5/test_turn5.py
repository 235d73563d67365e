import itertools

import networkx as nx
import pytest

from link_plan.robust import best_effort, k_plan, plan_options

LINE = (1, 2, 3, 4, 5, 6, 7)
WHEEL_OFFERS = {(0, 3): 1, (1, 4): 1, (2, 5): 1, (0, 2): 5, (1, 3): 5, (3, 5): 5}


def every_missing_link(G):
    return {(u, v): 1 for u, v in itertools.combinations(G, 2) if not G.has_edge(u, v)}


def test_small_k_reuses_the_earlier_plans():
    line = nx.path_graph(LINE)
    assert k_plan(line, 1) == []
    assert k_plan(line, 2) == [(1, 7)]
    assert k_plan(line, 2, [(1, 7, 3), (1, 4, 1), (4, 7, 1)]) == [(4, 7), (1, 4)]
    assert k_plan(nx.Graph([(1, 2), (3, 4)]), 1, [(2, 3, 5), (1, 4, 7)]) == [(2, 3)]


def test_plans_for_three_links_depend_on_the_seed():
    ring = nx.cycle_graph(6)
    assert k_plan(ring, 3) == [(0, 4), (0, 2), (1, 5), (1, 3)]
    assert k_plan(ring, 3, seed=5) == [(0, 2), (1, 3), (0, 4), (1, 5)]
    assert k_plan(ring, 3, seed=2) == [(0, 4), (1, 3), (1, 5), (0, 2)]


def test_plans_from_offers():
    assert k_plan(nx.cycle_graph(6), 3, WHEEL_OFFERS) == [(0, 3), (2, 5), (1, 4)]
    assert k_plan(nx.cycle_graph(6), 3, WHEEL_OFFERS, seed=1) == [(1, 4), (2, 5), (0, 3)]
    assert k_plan(nx.path_graph(4), 3) == [(0, 3), (1, 3), (0, 2)]
    assert k_plan(nx.complete_graph(4), 3) == []


def test_impossible_plans_and_bad_requests():
    with pytest.raises(ValueError):
        k_plan(nx.cycle_graph(6), 3, {(0, 3): 1})
    with pytest.raises(ValueError):
        k_plan(nx.path_graph(3), 3)
    with pytest.raises(ValueError):
        k_plan(nx.path_graph(3), 0)
    with pytest.raises(ValueError):
        k_plan(nx.MultiGraph([(0, 1), (1, 2), (2, 3), (3, 0)]), 3)


def test_options_drawn_with_several_seeds():
    line = nx.path_graph(LINE)
    options = plan_options(line, 4, every_missing_link(line), seeds=range(6))
    assert [seeds for _, seeds in options] == [[3, 4, 5], [0], [1, 2]]
    assert options[0][0] == [(1, 3), (3, 7), (2, 6), (1, 6), (4, 7), (5, 7), (2, 4), (1, 5)]
    assert [len(links) for links, _ in options] == [8, 9, 9]


def test_options_of_a_ring_and_of_one_seed():
    assert plan_options(nx.cycle_graph(5), 3) == [([(0, 2), (0, 3), (1, 4)], [0, 1]), ([(1, 3), (1, 4), (0, 2)], [2])]
    assert plan_options(nx.path_graph(LINE), 2, seeds=[7]) == [([(1, 7)], [7])]
    assert plan_options(nx.cycle_graph(5), 2, seeds=()) == []


def test_best_effort_when_a_full_plan_exists():
    assert best_effort(nx.path_graph(LINE), 2, [(1, 7, 1)]) == {"links": [(1, 7)], "complete": True, "weak": []}
    assert best_effort(nx.cycle_graph(6), 3, WHEEL_OFFERS) == {"links": [(0, 3), (2, 5), (1, 4)], "complete": True, "weak": []}


def test_best_effort_short_of_a_full_plan():
    assert best_effort(nx.path_graph(LINE), 2, [(1, 4, 1)]) == {"links": [(1, 4)], "complete": False, "weak": [7, 6, 5]}
    assert best_effort(nx.path_graph(5), 2, {(0, 2): 1, (1, 3): 2}) == {"links": [(0, 2), (1, 3)], "complete": False, "weak": [4]}


def test_best_effort_for_four_links():
    assert best_effort(nx.cycle_graph(6), 4, WHEEL_OFFERS) == {
        "links": [(0, 2), (0, 3), (1, 3), (1, 4), (2, 5), (3, 5)],
        "complete": False,
        "weak": [4, 1, 5, 0, 2, 3],
    }


def test_best_effort_with_cost_attributes_and_links_already_there():
    triangles = nx.Graph([(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4)])
    assert best_effort(triangles, 2, [(1, 4, 1), (2, 5, {"cost": 3}), (1, 2, 0)]) == {
        "links": [(1, 4), (2, 5)],
        "complete": True,
        "weak": [],
    }
    assert best_effort(nx.path_graph(5), 2, [(0, 2, {"cost": 1}), (0, 4, {"cost": 9})]) == {
        "links": [(0, 4)],
        "complete": True,
        "weak": [],
    }
    with pytest.raises(ValueError):
        best_effort(nx.path_graph(2), 2, [])
