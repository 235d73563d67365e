"""Merging communities step by step, and refining given communities by local moves."""

from collections import defaultdict

import networkx as nx
from networkx.algorithms.community.louvain import _neighbor_weights
from networkx.utils.mapped_queue import MappedQueue

from crowd.blocks import community_graph, cross_links, weighted_copy


def _merging(G, weight=None, resolution=1):
    directed = G.is_directed()
    N = G.number_of_nodes()
    m = G.size(weight)
    q0 = 1 / m
    if directed:
        a = {node: deg_out * q0 for node, deg_out in G.out_degree(weight=weight)}
        b = {node: deg_in * q0 for node, deg_in in G.in_degree(weight=weight)}
    else:
        a = b = {node: deg * q0 * 0.5 for node, deg in G.degree(weight=weight)}
    dq_dict = defaultdict(lambda: defaultdict(float))
    for u, v, wt in G.edges(data=weight, default=1):
        if u == v:
            continue
        dq_dict[u][v] += wt
        dq_dict[v][u] += wt
    for u, nbrdict in dq_dict.items():
        for v, wt in nbrdict.items():
            dq_dict[u][v] = q0 * wt - resolution * (a[u] * b[v] + b[u] * a[v])
    dq_heap = {u: MappedQueue({(u, v): -dq for v, dq in dq_dict[u].items()}) for u in G}
    H = MappedQueue([dq_heap[n].heap[0] for n in G if len(dq_heap[n]) > 0])
    communities = {n: frozenset([n]) for n in G}
    yield communities.values()
    while len(H) > 1:
        try:
            negdq, u, v = H.pop()
        except IndexError:
            break
        dq = -negdq
        yield dq
        dq_heap[u].pop()
        if len(dq_heap[u]) > 0:
            H.push(dq_heap[u].heap[0])
        if dq_heap[v].heap[0] == (v, u):
            H.remove((v, u))
            dq_heap[v].remove((v, u))
            if len(dq_heap[v]) > 0:
                H.push(dq_heap[v].heap[0])
        else:
            dq_heap[v].remove((v, u))
        communities[v] = frozenset(communities[u] | communities[v])
        del communities[u]
        u_nbrs = set(dq_dict[u])
        v_nbrs = set(dq_dict[v])
        all_nbrs = (u_nbrs | v_nbrs) - {u, v}
        both_nbrs = u_nbrs & v_nbrs
        for w in all_nbrs:
            if w in both_nbrs:
                dq_vw = dq_dict[v][w] + dq_dict[u][w]
            elif w in v_nbrs:
                dq_vw = dq_dict[v][w] - resolution * (a[u] * b[w] + a[w] * b[u])
            else:  # w in u_nbrs
                dq_vw = dq_dict[u][w] - resolution * (a[v] * b[w] + a[w] * b[v])
            for row, col in [(v, w), (w, v)]:
                dq_heap_row = dq_heap[row]
                dq_dict[row][col] = dq_vw
                if len(dq_heap_row) > 0:
                    d_oldmax = dq_heap_row.heap[0]
                else:
                    d_oldmax = None
                d = (row, col)
                d_negdq = -dq_vw
                if w in v_nbrs:
                    dq_heap_row.update(d, d, priority=d_negdq)
                else:
                    dq_heap_row.push(d, priority=d_negdq)
                if d_oldmax is None:
                    H.push(d, priority=d_negdq)
                else:
                    row_max = dq_heap_row.heap[0]
                    if d_oldmax != row_max or d_oldmax.priority != row_max.priority:
                        H.update(d_oldmax, row_max)
        for w in dq_dict[u]:
            dq_old = dq_dict[w][u]
            del dq_dict[w][u]
            if w != v:
                for row, col in [(w, u), (u, w)]:
                    dq_heap_row = dq_heap[row]
                    d_old = (row, col)
                    if dq_heap_row.heap[0] == d_old:
                        dq_heap_row.remove(d_old)
                        H.remove(d_old)
                        if len(dq_heap_row) > 0:
                            H.push(dq_heap_row.heap[0])
                    else:
                        dq_heap_row.remove(d_old)
        del dq_dict[u]
        dq_heap[u] = MappedQueue()
        a[v] += a[u]
        a[u] = 0
        if directed:
            b[v] += b[u]
            b[u] = 0
        yield communities.values()


def _local_moves(G, m, partition, resolution=1, is_directed=False, seed=None):
    node2com = {u: i for i, u in enumerate(G.nodes())}
    inner_partition = [{u} for u in G.nodes()]
    if is_directed:
        in_degrees = dict(G.in_degree(weight="weight"))
        out_degrees = dict(G.out_degree(weight="weight"))
        Stot_in = list(in_degrees.values())
        Stot_out = list(out_degrees.values())
        nbrs = {}
        for u in G:
            nbrs[u] = defaultdict(float)
            for _, n, wt in G.out_edges(u, data="weight"):
                if u != n:
                    nbrs[u][n] += wt
            for n, _, wt in G.in_edges(u, data="weight"):
                if u != n:
                    nbrs[u][n] += wt
    else:
        degrees = dict(G.degree(weight="weight"))
        Stot = list(degrees.values())
        nbrs = {u: {v: data["weight"] for v, data in G[u].items() if v != u} for u in G}
    rand_nodes = list(G.nodes)
    seed.shuffle(rand_nodes)
    nb_moves = 1
    improvement = False
    while nb_moves > 0:
        nb_moves = 0
        for u in rand_nodes:
            best_mod = 0
            best_com = node2com[u]
            weights2com = _neighbor_weights(nbrs[u], node2com)
            if is_directed:
                in_degree = in_degrees[u]
                out_degree = out_degrees[u]
                Stot_in[best_com] -= in_degree
                Stot_out[best_com] -= out_degree
                remove_cost = (
                    -weights2com[best_com] / m
                    + resolution
                    * (out_degree * Stot_in[best_com] + in_degree * Stot_out[best_com])
                    / m**2
                )
            else:
                degree = degrees[u]
                Stot[best_com] -= degree
                remove_cost = -weights2com[best_com] / m + resolution * (
                    Stot[best_com] * degree
                ) / (2 * m**2)
            for nbr_com, wt in weights2com.items():
                if is_directed:
                    gain = (
                        remove_cost
                        + wt / m
                        - resolution
                        * (
                            out_degree * Stot_in[nbr_com]
                            + in_degree * Stot_out[nbr_com]
                        )
                        / m**2
                    )
                else:
                    gain = (
                        remove_cost
                        + wt / m
                        - resolution * (Stot[nbr_com] * degree) / (2 * m**2)
                    )
                if gain > best_mod:
                    best_mod = gain
                    best_com = nbr_com
            if is_directed:
                Stot_in[best_com] += in_degree
                Stot_out[best_com] += out_degree
            else:
                Stot[best_com] += degree
            if best_com != node2com[u]:
                com = G.nodes[u].get("nodes", {u})
                partition[node2com[u]].difference_update(com)
                inner_partition[node2com[u]].remove(u)
                partition[best_com].update(com)
                inner_partition[best_com].add(u)
                improvement = True
                nb_moves += 1
                node2com[u] = best_com
    partition = list(filter(len, partition))
    inner_partition = list(filter(len, inner_partition))
    return partition, inner_partition, improvement


def merge_steps(G, weight="weight", resolution=1) -> list:
    """The steps of networkx's greedy modularity merging of ``G``: first ``(communities,
    None)`` with one community per member, then after each merge ``(communities, gain)``, the
    communities (sets, in networkx's order) and the modularity gain of that merge.  Links
    without ``weight`` (or all, when it is None) weigh 1."""
    if G.number_of_nodes() == 0:
        return []
    steps = []
    singles = [{node} for node in G]
    if G.size(weight) == 0:
        return [(singles, None)]
    merging = _merging(G, weight=weight, resolution=resolution)
    steps.append(([set(c) for c in next(merging)], None))
    for gain in merging:
        steps.append(([set(c) for c in next(merging)], gain))
    return steps


def refine(G, communities, seed=0, resolution=1, weight="weight") -> list:
    """The communities after one pass of networkx's Louvain local moves that starts from
    ``communities`` (turn 1's community graph), moves drawn with ``seed``."""
    C = community_graph(G, communities, weight)
    total = weighted_copy(G, weight).size(weight="weight")
    members = [set(C.nodes[i]["nodes"]) for i in C]
    if total == 0:
        return members
    moved, _, _ = _local_moves(C, total, members, resolution, G.is_directed(), nx.utils.create_py_random_state(seed))
    return moved


def merge_report(G, weight="weight") -> dict:
    """``{"merges": ..., "best": ..., "cross": ..., "inside": ...}``: the merges of
    ``merge_steps`` before the first one that lowers modularity, the communities they leave
    (each sorted, largest first, ties by smallest member), turn 1's cross links of those and
    the total weight of the links inside them (the loops of turn 1's community graph)."""
    steps = merge_steps(G, weight)
    if not steps:
        return {"merges": 0, "best": [], "cross": 0, "inside": 0}
    best, merges = steps[0][0], 0
    for communities, gain in steps[1:]:
        if gain < 0:
            break
        best, merges = communities, merges + 1
    C = community_graph(G, best, weight)
    return {
        "merges": merges,
        "best": sorted((sorted(c) for c in best), key=lambda c: (-len(c), c[0])),
        "cross": cross_links(G, best),
        "inside": sum(w for u, v, w in C.edges(data="weight") if u == v),
    }
