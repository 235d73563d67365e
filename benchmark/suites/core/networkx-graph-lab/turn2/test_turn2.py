import networkx as nx
import pytest

from graph_lab.products import cross_product, product_report


def test_both_diagonals_of_two_paths():
    P = cross_product(nx.path_graph(3), nx.path_graph(2))
    assert list(P) == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    assert list(P.edges()) == [((0, 0), (1, 1)), ((0, 1), (1, 0)), ((1, 0), (2, 1)), ((1, 1), (2, 0))]


def test_one_diagonal():
    P = cross_product(nx.path_graph(3), nx.path_graph(2), both_diagonals=False)
    assert list(P.edges()) == [((0, 0), (1, 1)), ((1, 0), (2, 1))]


def test_attributes_are_paired():
    A = nx.Graph([(1, 2, {"c": "red"})])
    A.nodes[1]["x"] = 5
    B = nx.Graph([("a", "b", {"w": 3})])
    P = cross_product(A, B)
    assert dict(P.nodes(data=True)) == {(1, "a"): {"x": (5, None)}, (1, "b"): {"x": (5, None)}, (2, "a"): {}, (2, "b"): {}}
    assert P.edges[(1, "a"), (2, "b")] == {"w": (None, 3), "c": ("red", None)}


def test_parallel_links_keep_their_keys():
    P = cross_product(nx.MultiGraph([(1, 2), (1, 2)]), nx.path_graph(2))
    assert type(P) is nx.MultiGraph
    assert list(P.edges(keys=True)) == [((1, 0), (2, 1), 0), ((1, 0), (2, 1), 1), ((1, 1), (2, 0), 0), ((1, 1), (2, 0), 1)]


def test_keys_of_two_multigraphs_are_pairs():
    P = cross_product(nx.MultiGraph([(1, 2), (1, 2)]), nx.MultiGraph([(0, 1), (0, 1)]), False)
    assert list(P.edges(keys=True)) == [
        ((1, 0), (2, 1), (0, 0)), ((1, 0), (2, 1), (0, 1)), ((1, 0), (2, 1), (1, 0)), ((1, 0), (2, 1), (1, 1)),
    ]


def test_one_way_products_and_mixed_graphs():
    P = cross_product(nx.DiGraph([(1, 2), (2, 3)]), nx.DiGraph([(0, 1)]))
    assert P.is_directed() and list(P.edges()) == [((1, 0), (2, 1)), ((2, 0), (3, 1))]
    with pytest.raises(ValueError):
        cross_product(nx.DiGraph([(1, 2)]), nx.path_graph(2))


def test_products_with_loops_or_without_links():
    P = cross_product(nx.path_graph(2), nx.Graph([(0, 0)]))
    assert list(P.edges()) == [((0, 0), (1, 0))]
    assert cross_product(nx.empty_graph(2), nx.path_graph(2)).number_of_edges() == 0


def test_report_on_two_paths():
    assert product_report(nx.path_graph(3), nx.path_graph(2)) == {
        "kind": "Graph", "nodes": 6, "links": 4, "link_links": 2, "first": [((1, 1), (2, 0))],
    }
    assert product_report(nx.path_graph(3), nx.path_graph(2), False) == {
        "kind": "Graph", "nodes": 6, "links": 2, "link_links": 0, "first": [],
    }


def test_report_on_a_multigraph_product():
    assert product_report(nx.MultiGraph([(1, 2), (1, 2)]), nx.path_graph(2)) == {
        "kind": "MultiGraph", "nodes": 4, "links": 4, "link_links": 2, "first": [((1, 0), (2, 1), 1)],
    }


def test_report_without_links():
    assert product_report(nx.empty_graph(2), nx.path_graph(2)) == {
        "kind": "Graph", "nodes": 4, "links": 0, "link_links": 0, "first": None,
    }
