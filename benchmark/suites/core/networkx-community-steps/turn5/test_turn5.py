import networkx as nx
import pytest

from crowd.report import crowd_report, influence, similar_members


def close(expected):
    return pytest.approx(expected, rel=0, abs=1e-12)


def test_influence_on_two_triangles():
    ranks = influence(nx.barbell_graph(3, 0))
    assert ranks == close({0: 0.1459853777760842, 1: 0.1459853777760842, 2: 0.20802924444783155,
                           3: 0.20802924444783155, 4: 0.1459853777760842, 5: 0.1459853777760842})


def test_influence_along_one_way_links_and_dangling_members():
    chain = nx.DiGraph([(1, 2), (2, 3)])
    assert influence(chain) == close({1: 0.1844167633067642, 2: 0.3411716203526378, 3: 0.47441161634059753})
    assert influence(chain, dangling={1: 1}) == close({1: 1 / 3, 2: 1 / 3, 3: 1 / 3})


def test_influence_with_a_personal_start():
    ranks = influence(nx.barbell_graph(3, 0), personalization={0: 1})
    assert ranks[0] == close(0.30637904701257174) and ranks[4] == close(0.06012114507141203)


def test_influence_of_empty_networks_and_bad_alpha():
    assert influence(nx.Graph()) == {}
    with pytest.raises(ValueError):
        influence(nx.path_graph(3), alpha=1)
    with pytest.raises(ValueError):
        influence(nx.path_graph(3), alpha=0)
    assert influence(nx.DiGraph([(1, 2)]), alpha=0.999) == close({1: 0.3334441697962835, 2: 0.6665558302037163})


def test_similar_members_of_a_barbell():
    assert similar_members(nx.barbell_graph(3, 0), 0) == [
        (1, close(0.6074758448317944)),
        (2, close(0.5463303552977129)),
        (3, close(0.5121841778879676)),
    ]


def test_similar_members_with_ties():
    assert similar_members(nx.path_graph(5), 2) == [(0, close(0.7731585859546821)), (4, close(0.7731585859546821)), (1, 0.0)]
    assert similar_members(nx.star_graph(3), 1, top=5) == [(2, close(0.9)), (3, close(0.9)), (0, 0.0)]
    with pytest.raises(KeyError):
        similar_members(nx.path_graph(3), 7)


def test_report_on_two_triangles():
    assert crowd_report(nx.barbell_graph(3, 0)) == [
        ([0, 1, 2], 2, close(0.20802924444783155), True),
        ([3, 4, 5], 3, close(0.20802924444783155), True),
    ]


def test_report_on_the_karate_club():
    rows = crowd_report(nx.karate_club_graph())
    assert [(row[1], row[3]) for row in rows] == [(33, True), (0, False), (5, True)]
    assert rows[2][0] == [4, 5, 6, 10, 16] and rows[0][2] == close(0.09698041880501744)


def test_report_on_a_path():
    assert [(members, leader, whole) for members, leader, _, whole in crowd_report(nx.path_graph(6))] == [
        ([0, 1], 1, True),
        ([2, 3], 2, False),
        ([4, 5], 4, True),
    ]


def test_report_without_links():
    lone = nx.Graph()
    lone.add_nodes_from([2, 1])
    assert crowd_report(lone) == [([1], 1, 0.5, True), ([2], 2, 0.5, True)]
