import networkx as nx
import pytest

from graph_lab.links import link_graph, link_name, touching_links


def kite():
    return nx.Graph([(3, 1), (1, 2), (2, 3), (2, 4)])


def test_link_graph_of_a_kite():
    L = link_graph(kite())
    assert list(L) == [(2, 4), (3, 1), (1, 2), (3, 2)]
    assert list(L.edges()) == [((2, 4), (3, 2)), ((2, 4), (1, 2)), ((3, 1), (1, 2)), ((3, 1), (3, 2)), ((1, 2), (3, 2))]


def test_link_graph_with_loops():
    L = link_graph(kite(), loops=True)
    assert list(L.edges()) == [
        ((2, 4), (2, 4)), ((2, 4), (3, 2)), ((2, 4), (1, 2)), ((3, 1), (1, 2)), ((3, 1), (3, 2)),
        ((3, 1), (3, 1)), ((1, 2), (3, 2)), ((1, 2), (1, 2)), ((3, 2), (3, 2)),
    ]
    assert list(link_graph(nx.path_graph(2), True).edges()) == [((0, 1), (0, 1))]


def test_link_graph_of_a_multigraph():
    L = link_graph(nx.MultiGraph([(1, 2), (1, 2), (2, 3)]), loops=True)
    assert list(L) == [(2, 3, 0), (1, 2, 0), (1, 2, 1)]
    assert list(L.edges(keys=True)) == [
        ((2, 3, 0), (2, 3, 0), 0), ((2, 3, 0), (1, 2, 1), 0), ((2, 3, 0), (1, 2, 0), 0),
        ((1, 2, 0), (1, 2, 0), 0), ((1, 2, 0), (1, 2, 1), 0), ((1, 2, 1), (1, 2, 1), 0),
    ]


def test_link_graph_of_one_way_links():
    D = nx.DiGraph([(1, 2), (2, 3), (3, 1), (2, 2)])
    assert list(link_graph(D).edges()) == [((1, 2), (2, 3)), ((1, 2), (2, 2)), ((2, 3), (3, 1)), ((2, 2), (2, 3)), ((2, 2), (2, 2)), ((3, 1), (1, 2))]
    with pytest.raises(ValueError):
        link_graph(D, loops=True)


def test_link_graph_of_small_graphs():
    assert list(link_graph(nx.Graph())) == []
    assert list(link_graph(nx.path_graph(2))) == [(0, 1)]
    assert list(link_graph(nx.Graph([(1, 1), (1, 2)])).edges()) == [((1, 2), (1, 1))]


def test_link_names_follow_the_order_of_the_graph():
    assert link_name(kite(), 1, 3) == (3, 1)
    assert link_name(kite(), 4, 2) == (2, 4)
    assert link_name(nx.MultiGraph([(1, 2), (1, 2), (2, 3)]), 2, 1, 1) == (1, 2, 1)
    assert link_name(nx.DiGraph([(2, 1)]), 2, 1) == (2, 1)


def test_link_names_of_missing_links():
    with pytest.raises(KeyError):
        link_name(kite(), 1, 4)
    with pytest.raises(KeyError):
        link_name(nx.DiGraph([(2, 1)]), 1, 2)
    with pytest.raises(ValueError):
        link_name(nx.MultiGraph([(1, 2)]), 1, 2)


def test_touching_links():
    assert touching_links(kite(), 4, 2) == [(3, 2), (1, 2)]
    assert touching_links(kite(), 2, 1) == [(3, 1), (3, 2), (2, 4)]


def test_touching_parallel_and_one_way_links():
    assert touching_links(nx.MultiGraph([(1, 2), (1, 2), (2, 3)]), 1, 2, 0) == [(2, 3, 0), (1, 2, 1)]
    assert touching_links(nx.DiGraph([(1, 2), (2, 3), (3, 1), (2, 2)]), 1, 2) == [(2, 3), (2, 2)]


def test_a_lone_link_touches_nothing():
    assert touching_links(nx.path_graph(2), 1, 0) == []
