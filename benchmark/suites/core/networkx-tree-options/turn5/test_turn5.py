import networkx as nx
import pytest

from spanning.bags import elimination_bags, quick_tie, tie_comparison


def grid():
    G = nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 3))
    for i, (u, v) in enumerate(G.edges):
        G[u][v]["weight"] = (i * 7) % 5 + 1
    return G


def ring():
    C = nx.cycle_graph(5)
    C.add_edge(0, 2)
    return C


def web():
    G = nx.Graph()
    G.add_weighted_edges_from(
        [(0, 4, 7), (0, 1, 7), (0, 6, 1), (1, 2, 5), (1, 4, 9), (1, 5, 8), (1, 7, 7), (2, 4, 5), (3, 5, 8), (4, 7, 6), (5, 6, 4), (5, 7, 9), (6, 7, 3)]
    )
    return G


def fewest(remaining):
    return min(remaining, key=lambda n: (len(remaining[n]), n)) if len(remaining) > 1 else None


def highest(remaining):
    return max(remaining) if remaining else None


def test_bags_when_the_site_with_fewest_neighbours_goes_first():
    assert elimination_bags(ring(), fewest) == {
        "width": 2,
        "bags": [[4], [3, 4], [2, 3, 4], [0, 2, 4], [0, 1, 2]],
        "links": [(0, 1), (1, 2), (2, 3), (3, 4)],
    }


def test_bags_when_every_site_is_eliminated():
    assert elimination_bags(ring(), highest) == {
        "width": 2,
        "bags": [[], [0], [0, 1], [0, 1, 2], [0, 2, 3], [0, 3, 4]],
        "links": [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)],
    }
    assert elimination_bags(nx.path_graph(4), highest) == {
        "width": 1,
        "bags": [[], [0], [0, 1], [1, 2], [2, 3]],
        "links": [(0, 1), (1, 2), (2, 3), (3, 4)],
    }


def test_a_rule_that_stops_at_once_and_an_empty_network():
    assert elimination_bags(ring(), lambda remaining: None) == {"width": 4, "bags": [[0, 1, 2, 3, 4]], "links": []}
    assert elimination_bags(nx.Graph(), fewest) == {"width": -1, "bags": [[]], "links": []}


def test_bags_of_the_grid():
    assert elimination_bags(grid(), fewest) == {
        "width": 3,
        "bags": [[7], [5, 7], [4, 5, 7], [3, 4, 5, 7], [1, 3, 4, 5], [5, 7, 8], [3, 6, 7], [1, 2, 5], [0, 1, 3]],
        "links": [(0, 1), (1, 2), (1, 5), (2, 3), (3, 4), (3, 6), (4, 7), (4, 8)],
    }


def test_bad_rules_and_refused_networks():
    with pytest.raises(ValueError):
        elimination_bags(ring(), lambda remaining: 99)
    with pytest.raises(ValueError):
        elimination_bags(nx.DiGraph([(1, 2)]), fewest)


def test_quick_tie():
    assert quick_tie(grid(), [0, 8, 2]) == [(0, 3), (0, 1), (1, 2), (3, 6), (6, 7), (7, 8)]
    assert quick_tie(grid(), [6, 2]) == [(0, 3), (0, 1), (1, 2), (3, 6)]


def test_quick_tie_may_differ_from_the_metric_tie():
    assert quick_tie(web(), [4, 1, 0]) == [(0, 4), (1, 4)]


def test_quick_tie_refuses_what_the_metric_tie_refuses():
    assert quick_tie(grid(), [5]) == [] and quick_tie(grid(), [5, 5]) == []
    with pytest.raises(ValueError):
        quick_tie(nx.Graph([(1, 2), (3, 4)]), [1, 3])
    with pytest.raises(ValueError):
        quick_tie(grid(), [0, 42])


def test_tie_comparison():
    assert tie_comparison(web(), [4, 1, 0]) == {
        "metric": [(0, 4), (0, 1)],
        "quick": [(0, 4), (1, 4)],
        "weights": (14, 16),
        "same": False,
        "width": 1,
    }


def test_tie_comparison_of_equal_ties():
    assert tie_comparison(grid(), [6, 2]) == {
        "metric": [(0, 3), (0, 1), (1, 2), (3, 6)],
        "quick": [(0, 3), (0, 1), (1, 2), (3, 6)],
        "weights": (7, 7),
        "same": True,
        "width": 1,
    }
    assert tie_comparison(grid(), [1]) == {"metric": [], "quick": [], "weights": (0, 0), "same": True, "width": -1}
