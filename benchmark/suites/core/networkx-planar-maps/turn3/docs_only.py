"""Written from the networkx documentation only (check_planarity, planar_layout).

The order networkx places sites in when it draws a map, and proof that a map cannot be drawn."""

import networkx as nx

from planar.faces import _embedding, _plain, map_summary
from planar.fill import triangulation


def placing_order(G) -> list:
    """The sites in the order networkx places them on the grid, each with the sites of the
    drawing's current outline it hangs from, as ``(site, [outline sites])``."""
    embedding = _embedding(G)
    if embedding is None:
        raise ValueError("the network cannot be drawn without crossings")
    if len(embedding) < 3:
        raise ValueError("at least three sites are needed")
    # the outer face first, then the other sites breadth-first from it
    outer = triangulation(G)["outer"]
    order = [(outer[0], []), (outer[1], [])]
    for site in nx.bfs_tree(nx.Graph(embedding), outer[0]):
        if site not in (outer[0], outer[1]):
            order.append((site, [n for n, _ in order if embedding.has_edge(site, n)]))
    return order


def obstruction(G) -> list:
    """The links of the part of ``G`` that networkx's recursive test keeps as proof that ``G``
    cannot be drawn without crossings, as sorted pairs, sorted."""
    plain = _plain(G)
    planar, proof = nx.check_planarity(plain, counterexample=True)
    if planar:
        raise ValueError("the network can be drawn without crossings")
    return sorted(tuple(sorted(e)) for e in proof.edges())


def order_report(G) -> dict:
    """``{"planar", "order", "added", "obstruction"}``: whether ``G`` can be drawn (turn 1),
    the sites of ``placing_order`` (at least three sites) and the number of links of turn 2's
    full triangulation, or the ``obstruction`` when it cannot be drawn."""
    if not map_summary(G)["planar"]:
        return {"planar": False, "order": None, "added": None, "obstruction": obstruction(G)}
    order = [site for site, _ in placing_order(G)] if len(G) >= 3 else list(G)
    return {"planar": True, "order": order, "added": len(triangulation(G)["added"]), "obstruction": None}
