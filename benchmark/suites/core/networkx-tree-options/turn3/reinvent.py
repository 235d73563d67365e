"""One-way feeds: plans that carry updates from one site to all others over one-way links."""

from queue import PriorityQueue

import networkx as nx
from networkx.algorithms.tree.branchings import ArborescenceIterator

from spanning.picks import pick_order
from spanning.ranked import grow_order

_NAMES = {nx.EdgePartition.OPEN: "open", nx.EdgePartition.INCLUDED: "must", nx.EdgePartition.EXCLUDED: "never"}


def _search(G, must, never, weight):
    """networkx's ranked feed search over ``G`` with its marks written, refusing bad requests."""
    if not G.is_directed() or G.is_multigraph():
        raise ValueError("feeds run over one-way links without parallels")
    for u, v in list(must) + list(never):
        if not G.has_edge(u, v):
            raise ValueError(f"no one-way link {(u, v)!r}")
    search = ArborescenceIterator(G, weight=weight, init_partition=([tuple(e) for e in must], [tuple(e) for e in never]))
    partition = search.init_partition
    for u, v, d in search.G.edges(data=True):
        if (u, v) in partition.partition_dict:
            d[search.partition_key] = partition.partition_dict[(u, v)]
        else:
            d[search.partition_key] = nx.EdgePartition.OPEN
    nx._clear_cache(search.G)
    for n in search.G:
        included_count = 0
        excluded_count = 0
        for u, v, d in search.G.in_edges(nbunch=n, data=True):
            if d.get(search.partition_key) == nx.EdgePartition.INCLUDED:
                included_count += 1
            elif d.get(search.partition_key) == nx.EdgePartition.EXCLUDED:
                excluded_count += 1
        if included_count == 1 and excluded_count != search.G.in_degree(n) - 1:
            for u, v, d in search.G.in_edges(nbunch=n, data=True):
                if d.get(search.partition_key) != nx.EdgePartition.INCLUDED:
                    d[search.partition_key] = nx.EdgePartition.EXCLUDED
    return search


def feed_marks(G, must=(), never=(), weight: str = "weight") -> dict:
    """The mark networkx's feed search gives each link once ``must`` is required and ``never``
    forbidden: ``"must"``, ``"never"`` or ``"open"``, keyed by link in the network's order."""
    search = _search(G, must, never, weight)
    return {(u, v): _NAMES[d[search.partition_key]] for u, v, d in search.G.edges(data=True)}


def feed_plan(G, must=(), never=(), weight: str = "weight") -> list:
    """The lightest feed under the marks of ``feed_marks``, its links in networkx's order;
    ``ValueError`` when there is none."""
    search = _search(G, must, never, weight)
    try:
        tree = search.method(search.G, weight, partition=search.partition_key, preserve_attrs=True)
    except nx.NetworkXException as error:
        raise ValueError("no feed reaches every site under these marks") from error
    return list(tree.edges())


def feed_branches(G, must=(), never=(), weight: str = "weight") -> list:
    """The sub-searches networkx's ranked feed search queues after the best feed, in the order
    it takes them, each ``{"weight", "must", "never"}`` (links in the order they were marked)."""
    search = _search(G, must, never, weight)
    search.partition_queue = PriorityQueue()
    tree = search.method(search.G, weight, partition=search.partition_key, preserve_attrs=True)
    search._partition(search.init_partition, tree)
    branches = []
    while not search.partition_queue.empty():
        branch = search.partition_queue.get()
        marks = branch.partition_dict
        branches.append({
            "weight": branch.mst_weight,
            "must": [e for e, m in marks.items() if m == nx.EdgePartition.INCLUDED],
            "never": [e for e, m in marks.items() if m == nx.EdgePartition.EXCLUDED],
        })
    return branches


def feed_report(G, weight: str = "weight") -> dict:
    """The best feed and its weight, the weights of its runner-ups, and the two-way plans
    (turns 1 and 2) of the same links taken both ways."""
    plan = feed_plan(G, weight=weight)
    both = G.to_undirected()
    return {
        "feed": plan,
        "weight": sum(G[u][v].get(weight, 1) for u, v in plan),
        "runners_up": [b["weight"] for b in feed_branches(G, weight=weight)],
        "two_way_pick": pick_order(both, weight=weight),
        "two_way_grow": grow_order(both, weight=weight),
    }
