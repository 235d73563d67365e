import networkx as nx
import pytest

from sweep.routes import route_start, sweep_legs, sweep_route, sweep_summary


def town():
    G = nx.Graph([(1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (5, 3), (1, 6)])
    for i, (u, v) in enumerate(G.edges):
        G.edges[u, v]["length"] = i + 1
    return G


def oneway():
    return nx.DiGraph([(1, 2), (2, 3), (3, 1), (1, 4), (4, 5), (5, 1), (3, 6)])


def test_route_start():
    assert route_start(town()) == 1
    assert route_start(oneway()) == 3
    assert route_start(nx.cycle_graph(4)) == 0
    assert route_start(nx.star_graph(3)) is None
    assert route_start(nx.Graph()) is None


def test_legs_of_a_sweep():
    assert sweep_legs(town()) == [(6, 1), (1, 3), (3, 5), (5, 4), (4, 3), (3, 2), (2, 1)]
    assert sweep_legs(nx.cycle_graph(4)) == [(0, 3), (3, 2), (2, 1), (1, 0)]


def test_legs_over_one_way_streets():
    assert sweep_legs(oneway()) == [(6, 3), (3, 2), (2, 1), (1, 5), (5, 4), (4, 1), (1, 3)]
    assert sweep_legs(oneway(), 4) == [(4, 1), (1, 6), (6, 3), (3, 2), (2, 1), (1, 5), (5, 4)]


def test_legs_from_a_site_where_no_sweep_starts():
    assert sweep_legs(town(), 4) == [(4, 5), (5, 3), (3, 2), (2, 6), (6, 1), (1, 3), (3, 4)]
    assert sweep_legs(nx.star_graph(3)) == [(1, 2), (2, 3), (3, 0)]
    assert sweep_legs(nx.star_graph(3), 0) == [(1, 2), (2, 3), (3, 0)]


def test_legs_leave_the_network_alone_and_refuse_unknown_sites():
    G = town()
    sweep_legs(G)
    assert G.number_of_edges() == 7
    with pytest.raises(ValueError):
        sweep_legs(G, 99)
    with pytest.raises(ValueError):
        sweep_legs(nx.MultiGraph([(1, 2), (1, 2)]))


def test_sweep_route():
    assert sweep_route(town()) == [(1, 2), (2, 3), (3, 4), (4, 5), (5, 3), (3, 1), (1, 6)]
    assert sweep_route(oneway()) == [(3, 1), (1, 4), (4, 5), (5, 1), (1, 2), (2, 3), (3, 6)]
    assert sweep_route(nx.path_graph(4)) == [(0, 1), (1, 2), (2, 3)]


def test_sweep_route_over_two_way_pairs_of_one_way_streets():
    G = nx.cycle_graph(3).to_directed()
    assert sweep_route(G) == [(0, 1), (1, 0), (0, 2), (2, 1), (1, 2), (2, 0)]


def test_no_sweep():
    with pytest.raises(ValueError):
        sweep_route(nx.star_graph(3))
    with pytest.raises(ValueError):
        sweep_summary(nx.MultiGraph([(1, 2), (2, 1)]))


def test_summary():
    assert sweep_summary(town()) == {
        "start": 1,
        "route": [(1, 2), (2, 3), (3, 4), (4, 5), (5, 3), (3, 1), (1, 6)],
        "length": 28,
        "closed": False,
    }
    assert sweep_summary(nx.cycle_graph(4)) == {"start": 0, "route": [(0, 1), (1, 2), (2, 3), (3, 0)], "length": 4, "closed": True}


def test_summary_of_a_lone_site():
    E = nx.Graph()
    E.add_node(7)
    assert sweep_legs(E) == [] and sweep_route(E) == []
    assert sweep_summary(E) == {"start": 7, "route": [], "length": 0, "closed": True}
