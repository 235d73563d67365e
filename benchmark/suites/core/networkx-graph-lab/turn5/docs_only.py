"""Written from the networkx documentation only (generate_network_text; the drawing
read back by its indentation).

Text drawings of graphs: where they start, reading them back, and a lab sheet."""

import networkx as nx

from graph_lab.links import link_graph
from graph_lab.sequences import build_sequence, four_cycle


def drawing_roots(G) -> list:
    """The nodes networkx's text drawing of ``G`` starts its trees from when it is given none."""
    if G.is_multigraph():
        raise ValueError("drawings of multigraphs are not read here")
    if G.is_directed():
        return [n for n in G if G.in_degree(n) == 0] or [next(iter(G))] if len(G) else []
    return [min(part, key=lambda n: (G.degree(n), str(n))) for part in nx.connected_components(G)]


def read_drawing(lines) -> nx.Graph:
    """The graph a text drawing made by networkx shows (ASCII or box-drawing characters; arrows
    make it one-way), with nodes named by their labels as strings."""
    lines = [line.rstrip("\n") for line in lines]
    if not lines:
        return nx.Graph()
    directed = any("->" in line or "╼" in line for line in lines)
    G = nx.DiGraph() if directed else nx.Graph()
    stack = []
    for line in lines:
        stripped = line.lstrip(" |:╎│")
        depth = len(line) - len(stripped)
        for glyph in ("+-- ", "L-- ", "|-- ", "L-> ", "|-> ", "╙── ", "╟── ", "└─╼ ", "├─╼ ", "└── ", "├── "):
            if stripped.startswith(glyph):
                label = stripped[len(glyph):].split(" ")[0]
                break
        else:
            continue
        if label == "...":
            continue
        while stack and stack[-1][0] >= depth:
            stack.pop()
        G.add_node(label)
        if stack:
            G.add_edge(stack[-1][1], label)
        stack.append((depth, label))
    return G


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
