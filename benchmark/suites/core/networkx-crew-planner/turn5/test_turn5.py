import networkx as nx
import pytest

from crew.influence import influence_report, influenced, strangers


def lines():
    return nx.DiGraph([(1, 2), (2, 3), (1, 4), (4, 3), (3, 5), (6, 4), (7, 6)])


def team():
    return nx.Graph([(1, 2), (1, 3), (2, 3), (3, 4), (4, 5), (3, 5), (5, 6), (4, 6), (2, 6), (6, 7)])


def test_influence_without_blocking():
    assert influenced(lines(), [1]) == [1, 2, 3, 4, 5, 6, 7]
    assert influenced(lines(), [6]) == [1, 2, 3, 4, 5, 6, 7]


def test_influence_with_blocked_people():
    assert influenced(lines(), [1], [3]) == [1, 2, 3, 4, 6, 7]
    assert influenced(lines(), [1], [2, 4]) == [1, 2, 4, 6, 7]
    assert influenced(lines(), [6], [4]) == [1, 2, 3, 4, 5, 6, 7]


def test_influence_within_some_people():
    assert influenced(lines(), [1], among=[1, 2, 7]) == [1, 2]
    assert influenced(lines(), [5], [3]) == [3, 5]


def test_influence_of_somebody_without_lines():
    D = lines()
    D.add_node(9)
    assert influenced(D, [9]) == []
    assert influenced(D, [1, 9]) == [1, 2, 3, 4, 5, 6, 7]


def test_influence_refusals():
    with pytest.raises(ValueError):
        influenced(nx.DiGraph([(1, 2), (2, 1)]), [1])
    with pytest.raises(ValueError):
        influenced(lines(), [1], [1])
    with pytest.raises(ValueError):
        influenced(lines(), [99])
    with pytest.raises(ValueError):
        influenced(team(), [1])


def test_strangers():
    assert strangers(team(), [1, 4, 6, 7]) == {1: [4, 6, 7], 4: [1, 7], 6: [1], 7: [1, 4]}
    assert strangers(team(), [3, 2, 1]) == {3: [], 2: [], 1: []}


def test_strangers_of_nobody_and_refusals():
    assert strangers(team(), []) == {}
    with pytest.raises(ValueError):
        strangers(team(), [1, 99])
    with pytest.raises(ValueError):
        strangers(lines(), [1])


def test_influence_report():
    assert influence_report(lines(), [1, 7]) == {
        "influenced": [1, 2, 3, 4, 5, 6, 7],
        "crew": [7, 6],
        "source_strangers": {1: [7], 7: [1]},
        "loners": [5, 1, 7],
    }


def test_influence_report_with_blocked_people():
    D = lines()
    D.add_node(9)
    assert influence_report(D, [6, 2], [3]) == {
        "influenced": [1, 2, 3, 4, 6, 7],
        "crew": [7, 6],
        "source_strangers": {6: [2], 2: [6]},
        "loners": [5, 9, 1, 7],
    }


def test_influence_report_by_skill():
    D = lines()
    nx.set_node_attributes(D, {1: 5, 2: 1, 3: 1, 4: 2, 5: 1, 6: 1, 7: 1}, "skill")
    assert influence_report(D, [3], weight="skill")["crew"] == [1, 4]
