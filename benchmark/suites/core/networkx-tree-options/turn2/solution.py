"""Growing a plan from one site, and the runner-up plans a ranked search branches into."""

from queue import PriorityQueue

import networkx as nx
from networkx.algorithms.tree.mst import EdgePartition, SpanningTreeIterator, prim_mst_edges

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
    return _links(prim_mst_edges(G, not maximum, weight, data=False))


def branch_plans(G, must=(), never=(), weight: str = "weight") -> list:
    """The runner-up plans networkx's ranked search queues after the best plan that keeps
    ``must`` and avoids ``never``: each as ``{"weight", "must", "never", "links"}``, in the
    order the search takes them."""
    pick_order(G, must, never, weight=weight)  # refuses what the planner refuses
    search = SpanningTreeIterator(G, weight=weight)
    search.partition_queue = PriorityQueue()
    marks = {e: EdgePartition.INCLUDED for e in _oriented(search.G, must)}
    marks.update({e: EdgePartition.EXCLUDED for e in _oriented(search.G, never)})
    current = search.Partition(0, marks)
    search._write_partition(current)
    search._partition(current, nx.partition_spanning_tree(search.G, True, weight, search.partition_key))
    plans = []
    while not search.partition_queue.empty():
        branch = search.partition_queue.get()
        keep = [e for e, m in branch.partition_dict.items() if m == EdgePartition.INCLUDED]
        drop = [e for e, m in branch.partition_dict.items() if m == EdgePartition.EXCLUDED]
        plans.append({"weight": branch.mst_weight, "must": keep, "never": drop, "links": pick_order(G, keep, drop, weight=weight)})
    return plans


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
