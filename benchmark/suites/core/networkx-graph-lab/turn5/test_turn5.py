import networkx as nx
import pytest

from graph_lab.drawing import drawing_roots, lab_sheet, read_drawing


def loop_and_tail():
    return nx.DiGraph([(1, 2), (2, 3), (3, 1), (3, 4), (5, 4)])


def test_roots_of_two_way_graphs():
    assert drawing_roots(nx.balanced_tree(2, 2)) == [3]
    G = nx.Graph([(5, 1), (1, 3), (3, 9), (9, 2), (7, 8)])
    assert drawing_roots(G) == [2, 8]
    assert drawing_roots(nx.Graph()) == []


def test_roots_of_one_way_graphs():
    assert drawing_roots(loop_and_tail()) == [1, 5]
    assert drawing_roots(nx.DiGraph([(2, 1), (3, 1)])) == [2, 3]
    with pytest.raises(ValueError):
        drawing_roots(nx.MultiGraph([(1, 2)]))


def test_read_an_ascii_tree():
    R = read_drawing(nx.generate_network_text(nx.balanced_tree(2, 2), ascii_only=True))
    assert not R.is_directed()
    assert list(R.edges()) == [("3", "1"), ("1", "0"), ("1", "4"), ("0", "2"), ("2", "5"), ("2", "6")]


def test_read_a_one_way_drawing():
    R = read_drawing(nx.generate_network_text(loop_and_tail()))
    assert R.is_directed()
    assert list(R.edges()) == [("1", "2"), ("2", "3"), ("3", "1"), ("3", "4"), ("5", "4")]


def test_read_hand_written_lines():
    assert list(read_drawing(["+-- a\n", "    L-- b\n"]).edges()) == [("a", "b")]
    assert read_drawing([]).number_of_nodes() == 0


def test_sheet_of_a_square():
    assert lab_sheet(nx.cycle_graph(4)) == {
        "drawing": ["+-- 0", "    |-- 1", "    |   L-- 2", "    |       L-- 3 - 0", "    L--  ..."],
        "roots": [0],
        "faithful": True,
        "links": ["+-- (2, 3)", "    |-- (0, 3)", "    |   L-- (0, 1)", "    |       L-- (1, 2) - (2, 3)", "    L--  ..."],
        "sequence": [(2, "d"), (0, "i"), (3, "d")],
        "four_cycle": [0, 1, 2, 3],
    }


def test_sheet_of_a_one_way_graph():
    sheet = lab_sheet(loop_and_tail())
    assert sheet["drawing"] == ["+-- 1 <- 3", ":   L-> 2", ":       L-> 3", ":           |-> 4 <- 5", ":           L->  ...", "+-- 5", "    L->  ..."]
    assert sheet["roots"] == [1, 5] and sheet["faithful"] is True
    assert sheet["sequence"] is None and sheet["four_cycle"] is None
    assert sheet["links"][0] == "+-- (1, 2) <- (3, 1)"


def test_sheet_of_a_tree():
    sheet = lab_sheet(nx.balanced_tree(2, 2))
    assert sheet["roots"] == [3] and sheet["faithful"] is True
    assert sheet["drawing"][0] == "+-- 3" and sheet["four_cycle"] == [0, 1, 5, 2]


def test_sheet_with_labels_that_do_not_survive_drawing():
    G = nx.Graph([("a b", "c")])
    assert lab_sheet(G)["faithful"] is False


def test_sheet_of_an_empty_graph():
    assert lab_sheet(nx.Graph()) == {"drawing": ["+"], "roots": [], "faithful": True, "links": ["+"], "sequence": [], "four_cycle": None}
