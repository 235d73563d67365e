"""Written from the networkx documentation only (find_threshold_graph,
is_threshold_graph) and the textbook definitions.

Threshold graphs: creation sequences, the graphs they build, and why a graph is not one."""

import networkx as nx
from networkx.algorithms.threshold import find_threshold_graph

from graph_lab.chords import chordless_witness, is_clique


def build_sequence(G) -> list:
    """The labelled creation sequence, ``(node, "d" or "i")`` pairs, of the threshold graph that
    networkx finds inside ``G`` (close to the largest one)."""
    if G.is_directed() or G.is_multigraph():
        raise ValueError("threshold graphs are simple two-way graphs")
    T = find_threshold_graph(G)
    sequence, H = [], T.copy()
    while H.number_of_nodes():
        node, degree = min(H.degree(), key=lambda item: item[1])
        if degree == 0:
            sequence.append((node, "i"))
        else:
            node = max(H.degree(), key=lambda item: item[1])[0]
            sequence.append((node, "d"))
        H.remove_node(node)
    return sequence[::-1]


def graph_from_sequence(sequence) -> nx.Graph:
    """The threshold graph networkx builds from ``sequence``: a string or list of ``"d"``/``"i"``
    letters (nodes numbered from 0), a list of ``(node, letter)`` pairs, or a compact list of
    run lengths. Anything else, or an empty sequence, raises ``ValueError``."""
    sequence = list(sequence)
    if not sequence:
        raise ValueError("an empty creation sequence")
    if isinstance(sequence[0], str) and any(letter not in ("d", "i") for letter in sequence):
        raise ValueError("the letters of a creation sequence are d and i")
    if isinstance(sequence[0], int):
        letters = []
        for i, run in enumerate(sequence):
            letters.extend(["d" if i % 2 else "i"] * run)
        sequence = letters
    if isinstance(sequence[0], str):
        sequence = list(enumerate(sequence))
    if not isinstance(sequence[0], tuple):
        raise ValueError(f"not a creation sequence: {sequence!r}")
    G = nx.Graph()
    for node, letter in sequence:
        if letter == "d":
            G.add_edges_from((node, other) for other in list(G))
        G.add_node(node)
    return G


def four_cycle(G):
    """``[u, v, w, x]``, the first alternating four-cycle networkx finds in ``G`` (links u-v and
    w-x, no links u-w and v-x), or None when there is none."""
    if G.is_directed() or G.is_multigraph():
        raise ValueError("threshold graphs are simple two-way graphs")
    for u, v in G.edges():
        for w, x in G.edges():
            if len({u, v, w, x}) == 4 and not G.has_edge(u, w) and not G.has_edge(v, x):
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
