"""Threshold graphs: creation sequences, the graphs they build, and why a graph is not one."""

import networkx as nx
from networkx.algorithms.threshold import find_alternating_4_cycle, find_creation_sequence, threshold_graph

from graph_lab.chords import chordless_witness, is_clique


def build_sequence(G) -> list:
    """The labelled creation sequence, ``(node, "d" or "i")`` pairs, of the threshold graph that
    networkx finds inside ``G`` (close to the largest one)."""
    if G.is_directed() or G.is_multigraph():
        raise ValueError("threshold graphs are simple two-way graphs")
    return list(find_creation_sequence(G))


def graph_from_sequence(sequence) -> nx.Graph:
    """The threshold graph networkx builds from ``sequence``: a string or list of ``"d"``/``"i"``
    letters (nodes numbered from 0), a list of ``(node, letter)`` pairs, or a compact list of
    run lengths. Anything else, or an empty sequence, raises ``ValueError``."""
    sequence = list(sequence)
    if not sequence:
        raise ValueError("an empty creation sequence")
    if isinstance(sequence[0], str) and any(letter not in ("d", "i") for letter in sequence):
        raise ValueError("the letters of a creation sequence are d and i")
    G = threshold_graph(sequence)
    if G is None:
        raise ValueError(f"not a creation sequence: {sequence!r}")
    return G


def four_cycle(G):
    """``[u, v, w, x]``, the first alternating four-cycle networkx finds in ``G`` (links u-v and
    w-x, no links u-w and v-x), or None when there is none."""
    if G.is_directed() or G.is_multigraph():
        raise ValueError("threshold graphs are simple two-way graphs")
    found = find_alternating_4_cycle(G)
    return found or None


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
