import networkx as nx
import pytest

from crowd.blocks import community_graph, cross_links, weighted_copy


def square():
    return nx.Graph([(1, 2, {"w": 2}), (2, 3, {"w": 5}), (3, 4), (4, 1, {"w": 1})])


def links(C):
    return sorted((u, v, d["weight"]) for u, v, d in C.edges(data=True))


def test_two_triangles():
    C = community_graph(nx.barbell_graph(3, 0), [{0, 1, 2}, {3, 4, 5}])
    assert dict(C.nodes(data="nodes")) == {0: {0, 1, 2}, 1: {3, 4, 5}}
    assert links(C) == [(0, 0, 3), (0, 1, 1), (1, 1, 3)]


def test_weights_from_an_attribute_and_lone_members():
    C = community_graph(square(), [[1, 2], [3], [4]], "w")
    assert dict(C.nodes(data="nodes")) == {0: {1, 2}, 1: {3}, 2: {4}}
    assert links(C) == [(0, 0, 2), (0, 1, 5), (0, 2, 1), (1, 2, 1)]


def test_one_community_per_member():
    C = community_graph(square(), [{4}, {3}, {2}, {1}])
    assert dict(C.nodes(data="nodes")) == {0: {4}, 1: {3}, 2: {2}, 3: {1}}
    assert links(C) == [(0, 1, 1), (0, 3, 1), (1, 2, 1), (2, 3, 1)]


def test_parallel_links_and_loops_add_up():
    M = nx.MultiGraph([(1, 2), (1, 2), (2, 3), (3, 3)])
    assert links(community_graph(M, [{1}, {2, 3}])) == [(0, 1, 2), (1, 1, 2)]
    copy = weighted_copy(M)
    assert type(copy) is nx.Graph and sorted(copy.edges(data="weight")) == [(1, 2, 2), (2, 3, 1), (3, 3, 1)]


def test_one_way_links():
    D = nx.DiGraph([(1, 2), (2, 1), (2, 3), (3, 4), (4, 3)])
    C = community_graph(D, [{1, 2}, {3, 4}])
    assert C.is_directed() and links(C) == [(0, 0, 2), (0, 1, 1), (1, 1, 2)]
    MD = nx.MultiDiGraph([(1, 2), (1, 2), (2, 1)])
    assert links(community_graph(MD, [{1}, {2}])) == [(0, 1, 2), (1, 0, 1)]


def test_weighted_copy_keeps_lone_members():
    G = square()
    G.add_node(9)
    copy = weighted_copy(G, "w")
    assert list(copy) == [1, 2, 3, 4, 9]
    assert sorted(copy.edges(data="weight")) == [(1, 2, 2), (1, 4, 1), (2, 3, 5), (3, 4, 1)]


def test_communities_must_be_a_partition():
    with pytest.raises(ValueError):
        community_graph(square(), [{1, 2}, {2, 3, 4}])
    with pytest.raises(ValueError):
        community_graph(square(), [{1, 2}, {3}])
    with pytest.raises(ValueError):
        cross_links(square(), [{1, 2, 3, 4, 5}])


def test_cross_links():
    assert cross_links(nx.barbell_graph(3, 0), [{0, 1, 2}, {3, 4, 5}]) == 1
    assert cross_links(nx.barbell_graph(3, 0), [set(range(6))]) == 0
    assert cross_links(square(), [{4}, {3}, {2}, {1}]) == 4


def test_cross_links_over_parallel_and_one_way_links():
    assert cross_links(nx.MultiGraph([(1, 2), (1, 2), (2, 3), (3, 3)]), [{1}, {2, 3}]) == 1
    assert cross_links(nx.MultiDiGraph([(1, 2), (1, 2), (2, 1)]), [{1}, {2}]) == 2
    assert cross_links(nx.DiGraph([(1, 2), (2, 1), (2, 3), (3, 4), (4, 3)]), [{1, 2}, {3, 4}]) == 1


def test_empty_networks():
    assert cross_links(nx.Graph(), []) == 0
    C = community_graph(nx.Graph(), [])
    assert C.number_of_nodes() == 0
