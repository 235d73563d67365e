import networkx as nx
import pytest

from crew.summary import crew_summary, role_summary, split_steps


def office():
    G = nx.Graph([(1, 2), (1, 3), (2, 3), (3, 4), (4, 5), (3, 5), (5, 6), (4, 6), (2, 6), (6, 7)])
    nx.set_node_attributes(G, {1: "lead", 2: "dev", 3: "dev", 4: "ops", 5: "ops", 6: "dev", 7: "ops"}, "role")
    for i, (u, v) in enumerate(G.edges):
        G.edges[u, v]["kind"] = "chat" if i % 2 else "meet"
    return G


def hub():
    S = nx.star_graph(4)
    nx.set_node_attributes(S, {0: "hub", 1: "x", 2: "x", 3: "x", 4: "x"}, "role")
    return S


def test_split_steps():
    assert split_steps(office(), ["role"]) == [(("dev",), [2, 3, 6]), (("ops",), [4, 5, 7])]
    assert split_steps(office(), ["role"], ["kind"]) == [(("dev",), [2, 3, 6]), (("ops",), [4, 5, 7])]


def test_split_steps_of_a_star():
    assert split_steps(hub(), ["role"]) == []
    S = hub()
    S.add_edge(1, 2)
    assert split_steps(S, ["role"]) == [(("x",), [1, 2, 3, 4])]


def test_groups_that_need_no_split():
    P = nx.path_graph(5)
    nx.set_node_attributes(P, "x", "role")
    assert split_steps(P, ["role"]) == []
    assert role_summary(P, ["role"], prefix="G") == {"groups": {"G0": [0, 1, 2, 3, 4]}, "links": [("G0", "G0", [()])]}


def test_role_summary():
    assert role_summary(office(), ["role"]) == {
        "groups": {"Group-0": [1], "Group-1": [6], "Group-2": [4, 5], "Group-3": [2], "Group-4": [3], "Group-5": [7]},
        "links": [
            ("Group-0", "Group-3", [()]),
            ("Group-0", "Group-4", [()]),
            ("Group-1", "Group-2", [()]),
            ("Group-1", "Group-3", [()]),
            ("Group-1", "Group-5", [()]),
            ("Group-2", "Group-2", [()]),
            ("Group-2", "Group-4", [()]),
            ("Group-3", "Group-4", [()]),
        ],
    }


def test_role_summary_with_tie_kinds():
    summary = role_summary(office(), ["role"], ["kind"])
    assert summary["groups"] == {"Group-0": [1], "Group-1": [6], "Group-2": [7], "Group-3": [2], "Group-4": [3], "Group-5": [4], "Group-6": [5]}
    assert summary["links"][:3] == [
        ("Group-0", "Group-3", [(("kind", "meet"),)]),
        ("Group-0", "Group-4", [(("kind", "chat"),)]),
        ("Group-1", "Group-2", [(("kind", "chat"),)]),
    ]
    assert len(summary["links"]) == 10


def test_role_summary_of_a_star():
    assert role_summary(hub(), ["role"]) == {"groups": {"Group-0": [0], "Group-1": [1, 2, 3, 4]}, "links": [("Group-0", "Group-1", [()])]}


def test_missing_roles_and_refused_networks():
    G = nx.Graph([(1, 2)])
    G.nodes[1]["role"] = "a"
    with pytest.raises(ValueError):
        split_steps(G, ["role"])
    with pytest.raises(ValueError):
        role_summary(nx.DiGraph([(1, 2)]), [])


def test_crew_summary():
    assert crew_summary(office(), ["role"]) == {"steps": 2, "crew_groups": ["Group-0", "Group-3", "Group-4"], "loner_groups": ["Group-5"]}


def test_crew_summary_of_a_star():
    assert crew_summary(hub(), ["role"]) == {"steps": 0, "crew_groups": ["Group-0", "Group-1"], "loner_groups": ["Group-1"]}


def test_crew_summary_by_skill():
    G = office()
    nx.set_node_attributes(G, {1: 3, 2: 2, 3: 1, 4: 4, 5: 2, 6: 3, 7: 9}, "skill")
    assert crew_summary(G, ["role"], "skill") == {"steps": 2, "crew_groups": ["Group-1", "Group-5"], "loner_groups": ["Group-5"]}


def test_splits_that_cascade():
    G = nx.Graph([(0, 2), (0, 6), (1, 4), (1, 2), (2, 6), (2, 3), (3, 6), (3, 4)])
    G.add_node(5)
    nx.set_node_attributes(G, {0: "b", 1: "b", 2: "a", 3: "b", 4: "b", 5: "b", 6: "b"}, "role")
    assert split_steps(G, ["role"]) == [(("b",), [0, 1, 3, 4, 5, 6]), (("b",), [0, 1, 3, 6]), (("b",), [0, 6])]
    assert crew_summary(G, ["role"]) == {"steps": 3, "crew_groups": ["Group-0", "Group-1", "Group-6"], "loner_groups": ["Group-3"]}
