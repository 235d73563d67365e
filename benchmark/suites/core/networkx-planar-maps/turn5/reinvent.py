"""Explaining a match: the frontier after some sites are matched, and which pairs survive."""

import networkx as nx
from networkx.algorithms.isomorphism.vf2pp import _feasibility, _initialize_parameters, _update_Tinout

from planar.compare import map_match, match_order


def _state(first, second, matched, label):
    """networkx's matcher state once the pairs of ``matched`` are matched, in order."""
    if first.is_directed() or second.is_directed():
        raise ValueError("maps are two-way networks")
    first, second = nx.Graph(first), nx.Graph(second)
    graph_params, state = _initialize_parameters(first, second, dict(second.degree), label, None)
    for u, v in matched:
        if u not in first or v not in second:
            raise ValueError(f"unknown pair {(u, v)!r}")
        if u in state.mapping or v in state.reverse_mapping:
            raise ValueError(f"a site is matched twice in {(u, v)!r}")
        state.mapping[u] = v
        state.reverse_mapping[v] = u
        _update_Tinout(u, v, graph_params, state)
    return graph_params, state


def frontier(first, second, matched=()) -> dict:
    """``{"first", "second", "first_untouched", "second_untouched"}``: after matching the pairs
    of ``matched``, the unmatched sites next to the matched part of each map and the sites
    neither matched nor next to it, as networkx's matcher tracks them (sorted lists)."""
    _, state = _state(first, second, matched, None)
    return {
        "first": sorted(state.T1),
        "second": sorted(state.T2),
        "first_untouched": sorted(state.T1_tilde),
        "second_untouched": sorted(state.T2_tilde),
    }


def pair_check(first, second, matched, u, v, label=None) -> dict:
    """``{"cut", "feasible"}``: whether networkx's matcher rules the pair ``(u, v)`` out by
    looking ahead, and whether it accepts it, after matching the pairs of ``matched``."""
    graph_params, state = _state(first, second, matched, label)
    if u not in first or v not in second:
        raise ValueError(f"unknown pair {(u, v)!r}")
    def cut_pt(u, v, graph_params, state_params):
        G1, G2, G1_labels, G2_labels, _, _, _ = graph_params
        (
            _,
            _,
            T1,
            T1_in,
            T1_tilde,
            _,
            T2,
            T2_in,
            T2_tilde,
            _,
        ) = state_params
        u_labels_predecessors, v_labels_predecessors = {}, {}
        if G1.is_directed():
            u_labels_predecessors = nx.utils.groups(
                {n1: G1_labels[n1] for n1 in G1.pred[u]}
            )
            v_labels_predecessors = nx.utils.groups(
                {n2: G2_labels[n2] for n2 in G2.pred[v]}
            )
            if set(u_labels_predecessors.keys()) != set(v_labels_predecessors.keys()):
                return True
        u_labels_successors = nx.utils.groups({n1: G1_labels[n1] for n1 in G1[u]})
        v_labels_successors = nx.utils.groups({n2: G2_labels[n2] for n2 in G2[v]})
        if set(u_labels_successors.keys()) != set(v_labels_successors.keys()):
            return True
        for label, G1_nbh in u_labels_successors.items():
            G2_nbh = v_labels_successors[label]
            if G1.is_multigraph():
                u_nbrs_edges = sorted(G1.number_of_edges(u, x) for x in G1_nbh)
                v_nbrs_edges = sorted(G2.number_of_edges(v, x) for x in G2_nbh)
                if any(
                    u_nbr_edges != v_nbr_edges
                    for u_nbr_edges, v_nbr_edges in zip(u_nbrs_edges, v_nbrs_edges)
                ):
                    return True
            if len(T1.intersection(G1_nbh)) != len(T2.intersection(G2_nbh)):
                return True
            if len(T1_tilde.intersection(G1_nbh)) != len(T2_tilde.intersection(G2_nbh)):
                return True
            if G1.is_directed() and len(T1_in.intersection(G1_nbh)) != len(
                T2_in.intersection(G2_nbh)
            ):
                return True
        if not G1.is_directed():
            return False
        for label, G1_pred in u_labels_predecessors.items():
            G2_pred = v_labels_predecessors[label]
            if G1.is_multigraph():
                u_pred_edges = sorted(G1.number_of_edges(u, x) for x in G1_pred)
                v_pred_edges = sorted(G2.number_of_edges(v, x) for x in G2_pred)
                if any(
                    u_nbr_edges != v_nbr_edges
                    for u_nbr_edges, v_nbr_edges in zip(u_pred_edges, v_pred_edges)
                ):
                    return True
            if len(T1.intersection(G1_pred)) != len(T2.intersection(G2_pred)):
                return True
            if len(T1_tilde.intersection(G1_pred)) != len(T2_tilde.intersection(G2_pred)):
                return True
            if len(T1_in.intersection(G1_pred)) != len(T2_in.intersection(G2_pred)):
                return True
        return False

    return {
        "cut": bool(cut_pt(u, v, graph_params, state)),
        "feasible": bool(_feasibility(u, v, graph_params, state)),
    }


def match_trace(first, second, label=None) -> list:
    """For each site of turn 4's ``match_order``, ``(site, partner, survivors)``: the partner
    of the matching of turn 4's ``map_match`` and the sites of ``second`` the look-ahead does
    not rule out once the earlier sites are matched. ``[]`` when the maps do not match."""
    found = map_match(first, second, label)["mapping"]
    if found is None:
        return []
    trace, matched = [], []
    for site in match_order(first, second, label):
        survivors = [w for w in second if not pair_check(first, second, matched, site, w, label)["cut"]]
        trace.append((site, found[site], survivors))
        matched.append((site, found[site]))
    return trace
