import networkx as nx
import pytest

from crowd.follow import club_coefficients, follow_profile, mutual_shares


def followers():
    D = nx.DiGraph([(1, 2), (2, 1), (2, 3), (3, 1), (4, 5), (5, 4), (3, 4)])
    D.add_node(6)
    return D


def test_mutual_shares_of_every_member():
    assert mutual_shares(followers()) == pytest.approx({1: 2 / 3, 2: 2 / 3, 3: 0.0, 4: 2 / 3, 5: 1.0, 6: None})


def test_mutual_shares_of_some_members_and_lone_ones():
    assert mutual_shares(followers(), [3, 6]) == {3: 0.0, 6: None}
    assert mutual_shares(nx.DiGraph([(1, 1)])) == {1: 1.0}
    with pytest.raises(KeyError):
        mutual_shares(followers(), [9])


def test_mutual_shares_with_parallel_links():
    assert mutual_shares(nx.MultiDiGraph([(1, 2), (1, 2), (2, 1)])) == {1: 1.0, 2: 1.0}
    with pytest.raises(ValueError):
        mutual_shares(nx.path_graph(3))


def test_club_coefficients_of_the_karate_club():
    rc = club_coefficients(nx.karate_club_graph())
    assert len(rc) == 16 and rc[0] == pytest.approx(0.139037, abs=1e-6)
    assert rc[4] == pytest.approx(0.488889, abs=1e-6) and rc[12] == 0.0


def test_club_coefficients_of_small_shapes():
    assert club_coefficients(nx.complete_graph(4)) == {0: 1.0, 1: 1.0, 2: 1.0}
    assert club_coefficients(nx.star_graph(3)) == {0: 0.5}
    assert club_coefficients(nx.empty_graph(3)) == {}


def test_club_coefficients_with_loops_and_parallel_links():
    assert club_coefficients(nx.Graph([(1, 1), (1, 2), (2, 3)])) == {0: 1.0, 1: 2.0}
    rc = club_coefficients(nx.MultiGraph([(1, 2), (1, 2), (2, 3), (3, 4), (4, 1)]))
    assert rc == pytest.approx({0: 5 / 6, 1: 5 / 6, 2: 2.0})
    with pytest.raises(ValueError):
        club_coefficients(nx.DiGraph([(1, 2)]))


def test_profile_of_a_follower_network():
    rows = follow_profile(followers(), [{1, 2, 3}, {4, 5}, {6}])
    assert rows[0] == ([1, 2, 3], pytest.approx(4 / 9), 4, 1, {0: 3})
    assert rows[1] == ([4, 5], pytest.approx(5 / 6), 2, 1, {1: 2, 0: 1})
    assert rows[2] == ([6], None, 0, 0, {})


def test_profile_with_link_weights():
    D = followers()
    D[1][2]["w"] = 5
    rows = follow_profile(D, [{1, 2, 3}, {4, 5, 6}], weight="w")
    assert [row[2] for row in rows] == [8, 2]
    assert [row[3] for row in rows] == [1, 1]


def test_profile_of_one_community():
    rows = follow_profile(followers(), [set(range(1, 7))])
    assert rows == [([1, 2, 3, 4, 5, 6], pytest.approx(0.6), 7, 0, {0: 3})]


def test_profile_refuses_two_way_networks_and_bad_communities():
    with pytest.raises(ValueError):
        follow_profile(nx.path_graph(3), [{0, 1, 2}])
    with pytest.raises(ValueError):
        follow_profile(followers(), [{1, 2}])
