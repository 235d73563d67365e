import networkx as nx
import pytest

from graph_lab.sequences import build_sequence, four_cycle, graph_from_sequence, threshold_report


def test_build_from_letters():
    T = graph_from_sequence("iidid")
    assert list(T) == [0, 1, 2, 3, 4]
    assert list(T.edges()) == [(0, 2), (0, 4), (1, 2), (1, 4), (2, 4), (3, 4)]
    assert list(graph_from_sequence(["d", "d"]).edges()) == [(0, 1)]


def test_build_from_labelled_and_compact_sequences():
    assert list(graph_from_sequence([("a", "i"), ("b", "d"), ("c", "i")]).edges()) == [("a", "b")]
    assert list(graph_from_sequence([2, 1, 2]).edges()) == [(0, 1), (0, 3), (0, 4), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]


def test_build_refuses_what_is_no_sequence():
    with pytest.raises(ValueError):
        graph_from_sequence([])
    with pytest.raises(ValueError):
        graph_from_sequence("xd")
    with pytest.raises(ValueError):
        graph_from_sequence([1.5])


def test_sequence_of_a_threshold_graph():
    assert build_sequence(graph_from_sequence("iidid")) == [(1, "d"), (0, "i"), (2, "d"), (3, "i"), (4, "d")]
    assert build_sequence(nx.star_graph(3)) == [(3, "d"), (2, "i"), (1, "i"), (0, "d")]


def test_sequence_found_inside_other_graphs():
    assert build_sequence(nx.cycle_graph(4)) == [(2, "d"), (0, "i"), (3, "d")]
    assert build_sequence(nx.path_graph(4)) == [(3, "d"), (1, "i"), (2, "d")]


def test_sequence_of_graphs_without_links():
    assert build_sequence(nx.empty_graph(3)) == [(2, "d"), (1, "i"), (0, "i")]
    assert build_sequence(nx.Graph()) == []
    with pytest.raises(ValueError):
        build_sequence(nx.DiGraph([(1, 2)]))
    with pytest.raises(ValueError):
        four_cycle(nx.MultiGraph([(1, 2), (3, 4)]))


def test_four_cycles():
    assert four_cycle(nx.cycle_graph(4)) == [0, 1, 2, 3]
    assert four_cycle(nx.path_graph(4)) == [0, 1, 2, 3]
    assert four_cycle(nx.Graph([(1, 2), (3, 4)])) == [1, 2, 3, 4]
    assert four_cycle(graph_from_sequence("iidid")) is None


def test_report_on_a_square():
    assert threshold_report(nx.cycle_graph(4)) == {
        "sequence": [(2, "d"), (0, "i"), (3, "d")],
        "kept": 3,
        "four_cycle": [0, 1, 2, 3],
        "witness": (0, 3, 2),
        "dominant": True,
    }


def test_report_on_a_threshold_graph():
    assert threshold_report(graph_from_sequence("iidid")) == {
        "sequence": [(1, "d"), (0, "i"), (2, "d"), (3, "i"), (4, "d")],
        "kept": 5,
        "four_cycle": None,
        "witness": (),
        "dominant": True,
    }


def test_report_on_an_empty_graph():
    assert threshold_report(nx.Graph()) == {"sequence": [], "kept": 0, "four_cycle": None, "witness": None, "dominant": True}
