"""Written from the networkx documentation only (minimum_spanning_edges, SpanningTreeIterator).

Growing a plan from one site, and the runner-up plans a ranked search branches into."""

import networkx as nx

from spanning.picks import _check, _links, merge_order, pick_order, plan_summary


def _oriented(G, links) -> list:
    """The links as ``G`` lists them (its orientation), refusing links it does not have."""
    out, listed = [], set(G.edges)
    for u, v in links:
        if not G.has_edge(u, v):
            raise ValueError(f"no link {(u, v)!r} in the network")
        out.append((u, v) if (u, v) in listed else (v, u))
    return out


def grow_order(G, maximum: bool = False, weight: str = "weight") -> list:
    """The links of the lightest (heaviest) plan in the order networkx grows it from a site."""
    _check(G)
    kind = nx.maximum_spanning_edges if maximum else nx.minimum_spanning_edges
    return _links(kind(G, algorithm="prim", weight=weight, data=False))


def branch_plans(G, must=(), never=(), weight: str = "weight") -> list:
    """The runner-up plans networkx's ranked search queues after the best plan that keeps
    ``must`` and avoids ``never``: each as ``{"weight", "must", "never", "links"}``, in the
    order the search takes them."""
    best = pick_order(G, must, never, weight=weight)
    must, never = _oriented(G, must), _oriented(G, never)
    plans = []
    # the partition scheme: forbid each open link of the best plan, requiring the ones before
    for i, link in enumerate(best):
        keep = must + [e for e in _oriented(G, best[:i]) if e not in must]
        drop = never + _oriented(G, [link])
        if link in must or link[::-1] in must:
            continue
        links = pick_order(G, keep, drop, weight=weight)
        H = nx.Graph(links)
        H.add_nodes_from(G)
        if nx.is_connected(H):
            total = float(sum(G[u][v].get(weight, 1) for u, v in links))
            plans.append({"weight": total, "must": keep, "never": drop, "links": links})
    return sorted(plans, key=lambda p: p["weight"])


def ranked_report(G, weight: str = "weight") -> dict:
    """The best plan three ways (picked, merged, grown), its weight, and the weights of the
    runner-up plans in the order the ranked search takes them."""
    summary = plan_summary(G, weight=weight)
    return {
        "pick": summary["links"],
        "merge": merge_order(G, weight=weight),
        "grow": grow_order(G, weight=weight),
        "weight": summary["weight"],
        "runners_up": [plan["weight"] for plan in branch_plans(G, weight=weight)],
    }
