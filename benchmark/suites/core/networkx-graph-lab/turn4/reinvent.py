"""Threshold graphs: creation sequences, the graphs they build, and why a graph is not one."""

import networkx as nx
from networkx.algorithms.threshold import uncompact

from graph_lab.chords import chordless_witness, is_clique


def build_sequence(G) -> list:
    """The labelled creation sequence, ``(node, "d" or "i")`` pairs, of the threshold graph that
    networkx finds inside ``G`` (close to the largest one)."""
    if G.is_directed() or G.is_multigraph():
        raise ValueError("threshold graphs are simple two-way graphs")
    cs, H = [], G
    while H.order() > 0:
        degrees = dict(H.degree())
        ds = sorted((d, v) for v, d in degrees.items())
        if ds[-1][0] == 0:
            cs.extend(zip(degrees, ["i"] * (len(ds) - 1) + ["d"]))
            break
        while ds[0][0] == 0:
            cs.append((ds.pop(0)[1], "i"))
        big = ds.pop()[1]
        cs.append((big, "d"))
        H = H.subgraph(H.neighbors(big))
    cs.reverse()
    return cs


def graph_from_sequence(sequence) -> nx.Graph:
    """The threshold graph networkx builds from ``sequence``: a string or list of ``"d"``/``"i"``
    letters (nodes numbered from 0), a list of ``(node, letter)`` pairs, or a compact list of
    run lengths. Anything else, or an empty sequence, raises ``ValueError``."""
    sequence = list(sequence)
    if not sequence:
        raise ValueError("an empty creation sequence")
    if isinstance(sequence[0], str) and any(letter not in ("d", "i") for letter in sequence):
        raise ValueError("the letters of a creation sequence are d and i")
    first = sequence[0]
    if isinstance(first, str):
        ci = list(enumerate(sequence))
    elif isinstance(first, tuple):
        ci = sequence[:]
    elif isinstance(first, int):
        ci = list(enumerate(uncompact(sequence)))
    else:
        raise ValueError(f"not a creation sequence: {sequence!r}")
    G = nx.empty_graph(0)
    if G.is_directed():
        raise nx.NetworkXError("directed")
    G.name = "Threshold Graph"
    while ci:
        v, kind = ci.pop(0)
        if kind == "d":
            for u in list(G):
                G.add_edge(v, u)
        G.add_node(v)
    return G


def four_cycle(G):
    """``[u, v, w, x]``, the first alternating four-cycle networkx finds in ``G`` (links u-v and
    w-x, no links u-w and v-x), or None when there is none."""
    if G.is_directed() or G.is_multigraph():
        raise ValueError("threshold graphs are simple two-way graphs")
    for u, v in G.edges():
        for w in G.nodes():
            if not G.has_edge(u, w) and u != w:
                for x in G.neighbors(w):
                    if not G.has_edge(v, x) and v != x:
                        return [u, v, w, x]
    return None


def threshold_report(G) -> dict:
    """``{"sequence": ..., "kept": ..., "four_cycle": ..., "witness": ..., "dominant": ...}``:
    ``build_sequence(G)``, how many nodes it keeps, ``four_cycle(G)``, turn 3's
    ``chordless_witness`` of ``G`` (None for an empty graph), and whether the nodes created
    dominating form a clique (turn 3's ``is_clique``)."""
    sequence = build_sequence(G)
    dominant = [node for node, letter in sequence if letter == "d"]
    return {
        "sequence": sequence,
        "kept": len(sequence),
        "four_cycle": four_cycle(G),
        "witness": chordless_witness(G) if G.number_of_nodes() else None,
        "dominant": is_clique(G, dominant),
    }
