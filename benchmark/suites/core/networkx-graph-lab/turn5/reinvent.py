"""Text drawings of graphs: where they start, reading them back, and a lab sheet."""

import networkx as nx
from networkx.readwrite.text import AsciiBaseGlyphs, AsciiDirectedGlyphs, AsciiUndirectedGlyphs, UtfBaseGlyphs, UtfDirectedGlyphs, UtfUndirectedGlyphs

from graph_lab.links import link_graph
from graph_lab.sequences import build_sequence, four_cycle


def _parse(lines):
    from itertools import chain
    from typing import Any, NamedTuple, Union
    class ParseStackFrame(NamedTuple):
        node: Any
        indent: int
        has_vertical_child: int | None
    initial_line_iter = iter(lines)
    is_ascii = None
    is_directed = None
    initial_lines = []
    try:
        first_line = next(initial_line_iter)
    except StopIteration:
        ...
    else:
        initial_lines.append(first_line)
        first_char = first_line[0]
        if first_char in {
            UtfBaseGlyphs.empty,
            UtfBaseGlyphs.newtree_mid[0],
            UtfBaseGlyphs.newtree_last[0],
        }:
            is_ascii = False
        elif first_char in {
            AsciiBaseGlyphs.empty,
            AsciiBaseGlyphs.newtree_mid[0],
            AsciiBaseGlyphs.newtree_last[0],
        }:
            is_ascii = True
        else:
            raise AssertionError(f"Unexpected first character: {first_char}")
    if is_ascii:
        directed_glyphs = AsciiDirectedGlyphs.as_dict()
        undirected_glyphs = AsciiUndirectedGlyphs.as_dict()
    else:
        directed_glyphs = UtfDirectedGlyphs.as_dict()
        undirected_glyphs = UtfUndirectedGlyphs.as_dict()
    directed_items = set(directed_glyphs.values())
    undirected_items = set(undirected_glyphs.values())
    unambiguous_directed_items = []
    for item in directed_items:
        other_items = undirected_items
        other_supersets = [other for other in other_items if item in other]
        if not other_supersets:
            unambiguous_directed_items.append(item)
    unambiguous_undirected_items = []
    for item in undirected_items:
        other_items = directed_items
        other_supersets = [other for other in other_items if item in other]
        if not other_supersets:
            unambiguous_undirected_items.append(item)
    for line in initial_line_iter:
        initial_lines.append(line)
        if any(item in line for item in unambiguous_undirected_items):
            is_directed = False
            break
        elif any(item in line for item in unambiguous_directed_items):
            is_directed = True
            break
    if is_directed is None:
        is_directed = False
    glyphs = directed_glyphs if is_directed else undirected_glyphs
    backedge_symbol = " " + glyphs["backedge"] + " "
    parsing_line_iter = chain(initial_lines, initial_line_iter)
    edges = []
    nodes = []
    is_empty = None
    noparent = object()  # sentinel value
    stack = [ParseStackFrame(noparent, -1, None)]
    for line in parsing_line_iter:
        if line == glyphs["empty"]:
            is_empty = True
            continue
        if backedge_symbol in line:
            node_part, backedge_part = line.split(backedge_symbol)
            backedge_nodes = [u.strip() for u in backedge_part.split(", ")]
            node_part = node_part.rstrip()
            prefix, node = node_part.rsplit(" ", 1)
            node = node.strip()
            edges.extend([(u, node) for u in backedge_nodes])
        else:
            prefix, node = line.rsplit(" ", 1)
            node = node.strip()
        prev = stack.pop()
        if node in glyphs["vertical_edge"]:
            modified_prev = ParseStackFrame(
                prev.node,
                prev.indent,
                True,
            )
            stack.append(modified_prev)
            continue
        indent = len(prefix)
        curr = ParseStackFrame(node, indent, None)
        if prev.has_vertical_child:
            ...
        else:
            while curr.indent <= prev.indent:
                prev = stack.pop()
        if node == "...":
            stack.append(prev)
        else:
            stack.append(prev)
            stack.append(curr)
            nodes.append(curr.node)
            if prev.node is not noparent:
                edges.append((prev.node, curr.node))
    if is_empty:
        assert len(nodes) == 0
    cls = nx.DiGraph if is_directed else nx.Graph
    new = cls()
    new.add_nodes_from(nodes)
    new.add_edges_from(edges)
    return new


def drawing_roots(G) -> list:
    """The nodes networkx's text drawing of ``G`` starts its trees from when it is given none."""
    if G.is_multigraph():
        raise ValueError("drawings of multigraphs are not read here")
    if G.is_directed():
        sccs = list(nx.strongly_connected_components(G))
        condensed = nx.condensation(G, sccs)
        members = {sn: [] for sn in condensed.nodes()}
        for n in G.nodes:
            members[condensed.graph["mapping"][n]].append(n)
        return [min(members[sn], key=lambda n: G.in_degree[n]) for sn in condensed.nodes() if condensed.in_degree[sn] == 0]
    starts = [min(cc, key=lambda n: G.degree[n]) for cc in nx.connected_components(G)]
    return sorted(starts, key=lambda n: G.degree[n])


def read_drawing(lines) -> nx.Graph:
    """The graph a text drawing made by networkx shows (ASCII or box-drawing characters; arrows
    make it one-way), with nodes named by their labels as strings."""
    lines = [line.rstrip("\n") for line in lines]
    if not lines:
        return nx.Graph()
    G = _parse(lines)
    return nx.relabel_nodes(G, str)


def lab_sheet(G) -> dict:
    """``{"drawing": ..., "roots": ..., "faithful": ..., "links": ..., "sequence": ...,
    "four_cycle": ...}``: the lines of networkx's ASCII text drawing of ``G``, its
    ``drawing_roots``, whether ``read_drawing`` of those lines gives back the nodes and links of
    ``G`` (labels compared as strings), the ASCII drawing of turn 1's link graph, and turn 4's
    creation sequence and four-cycle (None for one-way graphs)."""
    drawing = list(nx.generate_network_text(G, ascii_only=True))
    back = read_drawing(drawing)
    named = nx.relabel_nodes(G, str)
    faithful = set(back) == set(named) and nx.utils.edges_equal(back.edges(), named.edges())
    two_way = not G.is_directed()
    return {
        "drawing": drawing,
        "roots": drawing_roots(G),
        "faithful": faithful,
        "links": list(nx.generate_network_text(link_graph(G), ascii_only=True)),
        "sequence": build_sequence(G) if two_way else None,
        "four_cycle": four_cycle(G) if two_way else None,
    }
