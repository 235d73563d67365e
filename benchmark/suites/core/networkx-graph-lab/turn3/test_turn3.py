import networkx as nx
import pytest

from graph_lab.chords import chordless_witness, is_clique, lab_report


def two_squares():
    # a square 1-2-3-4 with the chord 1-3, and a second square 1-4-5-6 without one
    return nx.Graph([(1, 2), (2, 3), (3, 4), (4, 1), (1, 3), (4, 5), (5, 6), (6, 1)])


def test_witness_of_cycles():
    assert chordless_witness(nx.cycle_graph(4)) == (0, 3, 2)
    assert chordless_witness(nx.cycle_graph(6)) == (0, 5, 4)


def test_witness_from_a_chosen_start():
    assert chordless_witness(nx.cycle_graph(6), 2) == (0, 5, 4)
    assert chordless_witness(nx.cycle_graph(6), 5) == (3, 4, 5)
    assert chordless_witness(nx.wheel_graph(6), 5) == (3, 4, 5)
    with pytest.raises(KeyError):
        chordless_witness(nx.cycle_graph(4), 9)


def test_witness_of_chordal_graphs_is_empty():
    assert chordless_witness(nx.complete_graph(4)) == ()
    assert chordless_witness(nx.path_graph(3)) == ()
    assert chordless_witness(nx.empty_graph(1)) == ()


def test_witness_of_a_partly_chordal_graph():
    assert chordless_witness(two_squares()) == (1, 6, 5)
    assert chordless_witness(nx.wheel_graph(6)) == (1, 5, 4)


def test_witness_refuses_other_graphs():
    with pytest.raises(ValueError):
        chordless_witness(nx.Graph())
    with pytest.raises(ValueError):
        chordless_witness(nx.DiGraph([(1, 2)]))
    with pytest.raises(ValueError):
        chordless_witness(nx.Graph([(1, 1), (1, 2), (2, 3), (3, 1)]))


def test_cliques():
    assert is_clique(nx.complete_graph(4)) is True
    assert is_clique(nx.cycle_graph(4)) is False
    assert is_clique(nx.cycle_graph(4), [0, 1]) is True
    assert is_clique(nx.empty_graph(1)) is True and is_clique(nx.Graph()) is True


def test_cliques_of_multigraphs_and_loops():
    assert is_clique(nx.MultiGraph([(1, 2), (1, 2), (2, 3), (3, 1)])) is False
    assert is_clique(nx.MultiGraph([(1, 2), (2, 3)]), [1, 2]) is True
    with pytest.raises(ValueError):
        is_clique(nx.Graph([(1, 1), (1, 2)]))
    with pytest.raises(ValueError):
        is_clique(nx.DiGraph([(1, 2), (2, 1)]))


def test_report_on_a_square_and_a_triangle():
    assert lab_report(nx.cycle_graph(4)) == {
        "witness": (0, 3, 2), "clique": False,
        "links_witness": ((0, 3), (0, 1), (1, 2)), "square_witness": ((3, 1), (2, 0), (1, 1)),
    }
    assert lab_report(nx.complete_graph(3)) == {
        "witness": (), "clique": True, "links_witness": (), "square_witness": ((0, 1), (1, 0), (2, 1)),
    }


def test_report_on_a_star_and_two_squares():
    assert lab_report(nx.star_graph(3)) == {"witness": (), "clique": False, "links_witness": (), "square_witness": ()}
    assert lab_report(two_squares())["links_witness"] == ((1, 2), (2, 3), (3, 4))


def test_report_without_links():
    assert lab_report(nx.empty_graph(2)) == {"witness": (), "clique": False, "links_witness": None, "square_witness": None}
    with pytest.raises(ValueError):
        lab_report(nx.MultiGraph([(1, 2)]))
