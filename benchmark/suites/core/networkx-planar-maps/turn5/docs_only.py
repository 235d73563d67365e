"""Written from the networkx documentation only (vf2pp_isomorphism; the VF2++ paper's terms).

Explaining a match: the frontier after some sites are matched, and which pairs survive."""

import networkx as nx

from planar.compare import map_match, match_order


def _state(first, second, matched, label):
    """The two maps and the matched pairs, checked."""
    if first.is_directed() or second.is_directed():
        raise ValueError("maps are two-way networks")
    first, second = nx.Graph(first), nx.Graph(second)
    mapping = {}
    for u, v in matched:
        if u not in first or v not in second:
            raise ValueError(f"unknown pair {(u, v)!r}")
        if u in mapping or v in mapping.values():
            raise ValueError(f"a site is matched twice in {(u, v)!r}")
        mapping[u] = v
    return (first, second), mapping


def _sets(G, done):
    near = {n for m in done for n in G[m]} - set(done)
    return sorted(near), sorted(set(G) - near - set(done))


def frontier(first, second, matched=()) -> dict:
    """``{"first", "second", "first_untouched", "second_untouched"}``: after matching the pairs
    of ``matched``, the unmatched sites next to the matched part of each map and the sites
    neither matched nor next to it, as networkx's matcher tracks them (sorted lists)."""
    (G1, G2), mapping = _state(first, second, matched, None)
    near1, far1 = _sets(G1, list(mapping))
    near2, far2 = _sets(G2, list(mapping.values()))
    return {"first": near1, "second": near2, "first_untouched": far1, "second_untouched": far2}


def pair_check(first, second, matched, u, v, label=None) -> dict:
    """``{"cut", "feasible"}``: whether networkx's matcher rules the pair ``(u, v)`` out by
    looking ahead, and whether it accepts it, after matching the pairs of ``matched``."""
    (G1, G2), mapping = _state(first, second, matched, label)
    if u not in first or v not in second:
        raise ValueError(f"unknown pair {(u, v)!r}")
    same_label = G1.nodes[u].get(label) == G2.nodes[v].get(label) if label else True
    consistent = all((n in mapping) == (m in mapping.values()) for n, m in zip(sorted(G1[u]), sorted(G2[v])))
    ok = same_label and G1.degree[u] == G2.degree[v] and u not in mapping and v not in mapping.values()
    ok = ok and all(mapping[n] in G2[v] for n in G1[u] if n in mapping) and consistent
    return {"cut": not ok, "feasible": ok}


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
