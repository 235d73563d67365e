import networkx as nx
import pytest

from crew.cliques import best_crew, best_crew_with, crew_table


def team():
    G = nx.Graph([(1, 2), (1, 3), (2, 3), (3, 4), (4, 5), (3, 5), (5, 6), (4, 6), (2, 6), (6, 7)])
    nx.set_node_attributes(G, {1: 3, 2: 2, 3: 1, 4: 4, 5: 2, 6: 3, 7: 9}, "skill")
    return G


def test_best_crew_by_head_count():
    assert best_crew(team()) == ([1, 2, 3], 3)
    assert best_crew(nx.complete_graph(4)) == ([3, 2, 1, 0], 4)


def test_best_crew_by_skill():
    assert best_crew(team(), "skill") == ([7, 6], 12)


def test_people_of_no_skill_are_left_out():
    G = team()
    G.nodes[7]["skill"] = 0
    assert best_crew(G, "skill") == ([5, 4, 6], 9)
    assert best_crew_with(G, [7], "skill") == ([7, 6], 3)


def test_best_crew_with_required_people():
    assert best_crew_with(team(), [1], "skill") == ([1, 2, 3], 6)
    assert best_crew_with(team(), [3], "skill") == ([3, 5, 4], 7)
    assert best_crew_with(team(), [6], "skill") == ([6, 7], 12)


def test_best_crew_with_required_people_by_head_count():
    assert best_crew_with(team(), [3, 5]) == ([3, 5, 4], 3)
    assert best_crew_with(team(), [7]) == ([7, 6], 2)
    assert best_crew_with(nx.complete_graph(4), [2]) == ([2, 3, 1, 0], 4)


def test_refused_requests():
    with pytest.raises(ValueError):
        best_crew_with(team(), [1, 4])
    with pytest.raises(ValueError):
        best_crew_with(team(), [99])
    with pytest.raises(ValueError):
        best_crew(nx.Graph([(1, 2)]), "skill")
    with pytest.raises(ValueError):
        best_crew(nx.DiGraph([(1, 2)]))


def test_nobody():
    assert best_crew(nx.Graph()) == ([], 0)
    assert crew_table(nx.Graph()) == {"best": []}


def test_crew_table_by_skill():
    assert crew_table(team(), "skill") == {1: 6, 2: 6, 3: 7, 4: 9, 5: 9, 6: 12, 7: 12, "best": [6, 7]}


def test_crew_table_by_head_count():
    assert crew_table(team()) == {1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 2, "best": [1, 2, 3]}


def test_crew_table_of_a_pair():
    assert crew_table(nx.Graph([(5, 9)])) == {5: 2, 9: 2, "best": [5, 9]}
