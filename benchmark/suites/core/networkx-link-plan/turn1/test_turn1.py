import networkx as nx
import pytest

from link_plan.sites import site_map, weak_sites


def members(C):
    return {node: data["members"] for node, data in C.nodes(data=True)}


def rings():
    # three triangles in a row, joined by single links, and a separate pair
    return nx.Graph([(1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (5, 6), (6, 4), (6, 7), (7, 8), (8, 9), (9, 7), (10, 11)])


def test_default_groups_are_the_connected_parts():
    G = nx.Graph([(5, 1), (1, 3), (8, 9)])
    G.add_nodes_from([20, 4])
    C = site_map(G)
    assert members(C) == {0: {1, 3, 5}, 1: {8, 9}, 2: {20}, 3: {4}}
    assert C.graph["mapping"] == {1: 0, 3: 0, 5: 0, 8: 1, 9: 1, 20: 2, 4: 3}
    assert list(C.edges()) == []


def test_given_groups_come_first_and_the_other_sites_follow():
    G = nx.Graph([(5, 1), (1, 3), (8, 9)])
    G.add_nodes_from([20, 4])
    C = site_map(G, [{8, 1}])
    assert members(C) == {0: {8, 1}, 1: {3}, 2: {4}, 3: {5}, 4: {9}, 5: {20}}
    assert sorted(map(sorted, C.edges())) == [[0, 1], [0, 3], [0, 4]]
    assert C.graph["mapping"][5] == 3


def test_isolated_sites_and_empty_networks():
    G = nx.Graph()
    G.add_nodes_from([5, 1, 3])
    assert members(site_map(G)) == {0: {5}, 1: {1}, 2: {3}}
    empty = site_map(nx.Graph())
    assert list(empty) == [] and empty.graph["mapping"] == {}


def test_groups_may_be_lists_and_empty_groups_keep_their_number():
    C = site_map(nx.path_graph(4), [[], [2, 3]])
    assert members(C) == {0: set(), 1: {2, 3}, 2: {0}, 3: {1}}
    assert sorted(map(sorted, C.edges())) == [[1, 3], [2, 3]]


def test_parallel_links_give_parallel_group_links():
    M = nx.MultiGraph([(1, 2), (2, 3), (2, 3), (3, 4)])
    C = site_map(M, [{1, 2}, {3, 4}])
    assert C.is_multigraph() and C.number_of_edges(0, 1) == 2


def test_bad_networks_and_groups_are_refused():
    with pytest.raises(ValueError):
        site_map(nx.DiGraph([(1, 2)]))
    with pytest.raises(ValueError):
        site_map(nx.Graph([(1, 1), (1, 2)]))
    with pytest.raises(ValueError):
        site_map(nx.path_graph(3), [{0, 1}, {1, 2}])
    with pytest.raises(ValueError):
        site_map(nx.path_graph(3), [{0, 7}])


def test_weak_sites_of_a_chain_of_rings():
    assert weak_sites(rings()) == [10, 11]
    assert weak_sites(rings(), 1) == []


def test_weak_sites_in_the_order_they_are_set_aside():
    assert weak_sites(rings(), 3) == [1, 2, 5, 8, 9, 10, 11, 3, 4, 6, 7]
    tail = nx.Graph([(12, 11), (11, 10), (10, 1), (1, 2), (2, 3), (3, 1)])
    assert weak_sites(tail) == [12, 11, 10]


def test_weak_sites_of_complete_and_lone_sites():
    assert weak_sites(nx.complete_graph(4), 3) == []
    assert weak_sites(nx.complete_graph(4), 4) == [0, 1, 2, 3]
    lone = nx.Graph()
    lone.add_nodes_from([3, 1])
    assert weak_sites(lone, 1) == [1, 3]
    assert weak_sites(nx.Graph()) == []


def test_weak_sites_count_parallel_links_and_check_k():
    M = nx.MultiGraph([(1, 2), (1, 2), (2, 3)])
    assert weak_sites(M, 2) == [3]
    with pytest.raises(ValueError):
        weak_sites(nx.path_graph(3), 0)
    with pytest.raises(ValueError):
        weak_sites(nx.DiGraph([(1, 2)]))
