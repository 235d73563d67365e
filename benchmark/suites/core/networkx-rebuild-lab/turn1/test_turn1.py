import networkx as nx
import pytest

from rebuild.junctions import junction_cells, rebuild, first_junction


def segment_map(G):
    return nx.convert_node_labels_to_integers(nx.line_graph(G))


def town():
    return segment_map(nx.Graph([(1, 2), (2, 3), (3, 4), (4, 1), (2, 4), (4, 5)]))


def test_starting_cell():
    assert first_junction(town()) == (0, 1, 2, 3)
    assert first_junction(segment_map(nx.path_graph(5))) == (0, 2)
    assert first_junction(segment_map(nx.complete_graph(4))) == (0, 1, 3)


def test_starting_cell_from_a_chosen_meeting():
    assert first_junction(town(), (4, 5)) == (1, 4, 5)
    assert first_junction(town(), (2, 3)) == (0, 1, 2, 3)


def test_junction_cells():
    assert junction_cells(town()) == [(0, 1, 2, 3), (3, 4), (4, 1, 5), (5, 2)]
    assert junction_cells(segment_map(nx.complete_graph(4))) == [(0, 1, 3), (3, 2, 4), (4, 0, 5), (5, 1, 2)]


def test_junction_cells_from_a_chosen_meeting():
    assert junction_cells(town(), (4, 5)) == [(1, 4, 5), (5, 2), (2, 0, 1, 3), (3, 4)]
    assert junction_cells(segment_map(nx.path_graph(5)), (2, 3)) == [(2, 3), (3, 1), (2, 0)]
    assert junction_cells(segment_map(nx.complete_graph(4)), (0, 5)) == [(0, 5, 4), (4, 2, 3), (3, 0, 1), (1, 2, 5)]


def test_maps_that_are_not_segment_maps():
    with pytest.raises(ValueError):
        junction_cells(nx.complete_bipartite_graph(1, 3))
    with pytest.raises(ValueError):
        first_junction(nx.Graph([(1, 1), (1, 2)]))
    with pytest.raises(ValueError):
        first_junction(nx.empty_graph(3))
    with pytest.raises(ValueError):
        first_junction(town(), (3, 5))
    with pytest.raises(ValueError):
        junction_cells(nx.DiGraph([(1, 2)]))


def test_rebuild_the_town():
    assert rebuild(town()) == {
        "cells": [(0, 1, 2, 3), (3, 4), (4, 1, 5), (5, 2)],
        "ends": [0],
        "junctions": 5,
        "roads": [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (2, 3)],
    }


def test_rebuild_a_triangle_of_segments():
    assert rebuild(segment_map(nx.star_graph(3))) == {"cells": [(0, 1, 2)], "ends": [0, 1, 2], "junctions": 4, "roads": [(0, 1), (0, 2), (0, 3)]}


def test_rebuild_a_line():
    assert rebuild(segment_map(nx.path_graph(5))) == {
        "cells": [(0, 2), (2, 3), (3, 1)],
        "ends": [0, 1],
        "junctions": 5,
        "roads": [(0, 1), (0, 3), (1, 2), (2, 4)],
    }


def test_rebuild_a_complete_network():
    assert rebuild(segment_map(nx.complete_graph(4))) == {
        "cells": [(0, 1, 3), (3, 2, 4), (4, 0, 5), (5, 1, 2)],
        "ends": [],
        "junctions": 4,
        "roads": [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)],
    }


def test_rebuild_a_wheel():
    assert rebuild(segment_map(nx.wheel_graph(5))) == {
        "cells": [(0, 1, 2), (2, 7, 3, 6), (6, 0, 4), (4, 3, 5), (5, 1, 7)],
        "ends": [],
        "junctions": 5,
        "roads": [(0, 1), (0, 2), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (3, 4)],
    }
