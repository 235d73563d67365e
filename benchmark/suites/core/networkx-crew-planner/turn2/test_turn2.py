import networkx as nx
import pytest

from crew.shifts import loners, shift_padding, shift_plan


def team():
    G = nx.Graph([(1, 2), (1, 3), (2, 3), (3, 4), (4, 5), (3, 5), (5, 6), (4, 6), (2, 6), (6, 7)])
    nx.set_node_attributes(G, {1: 3, 2: 2, 3: 1, 4: 4, 5: 2, 6: 3, 7: 9}, "skill")
    return G


def test_padding_for_three_and_five_shifts():
    assert shift_padding(team(), 3) == {"per_shift": 3, "placeholders": [7, 8], "links": [(7, 8)]}
    assert shift_padding(team(), 5) == {"per_shift": 2, "placeholders": [7, 8, 9], "links": [(7, 8), (7, 9), (8, 9)]}


def test_padding_when_one_placeholder_is_missing():
    assert shift_padding(team(), 2) == {"per_shift": 4, "placeholders": [], "links": []}


def test_padding_when_people_divide_evenly():
    assert shift_padding(team(), 7) == {"per_shift": 1, "placeholders": [], "links": []}
    assert shift_padding(nx.Graph([("a", "b")]), 4) == {"per_shift": 1, "placeholders": [2, 3], "links": [(2, 3)]}


def test_padding_refusals():
    with pytest.raises(ValueError):
        shift_padding(team(), 0)
    with pytest.raises(ValueError):
        shift_padding(nx.DiGraph([(1, 2)]), 2)


def test_loners():
    assert loners(team()) == [7]
    assert loners(team(), 3) == [1, 7]
    assert loners(team(), 4) == [1, 2, 4, 5, 7]


def test_loners_in_a_directed_network():
    D = nx.DiGraph([(1, 2), (2, 3), (3, 1), (1, 4), (4, 1), (2, 4), (5, 1)])
    assert loners(D, 1) == [5]
    assert loners(D, 2) == [3, 4, 5, 2]
    with pytest.raises(ValueError):
        loners(D, 0)


def test_shift_plan():
    assert shift_plan(team(), 5) == {
        "shifts": {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 0, 7: 1},
        "crew_shifts": [0, 1, 2],
        "loners": [7],
        "crew_totals": {1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 2},
    }


def test_shift_plan_by_skill():
    assert shift_plan(team(), 6, "skill") == {
        "shifts": {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 0},
        "crew_shifts": [0, 5],
        "loners": [7],
        "crew_totals": {1: 6, 2: 6, 3: 7, 4: 9, 5: 9, 6: 12, 7: 12},
    }


def test_shift_plan_needs_enough_shifts():
    with pytest.raises(ValueError):
        shift_plan(team(), 3)


def test_loners_of_nobody():
    assert loners(nx.Graph()) == []
