"""The order networkx places sites in when it draws a map, and proof that a map cannot be drawn."""

import networkx as nx
from networkx.algorithms.planar_drawing import get_canonical_ordering, triangulate_embedding
from networkx.algorithms.planarity import get_counterexample_recursive

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
    filled, outer = triangulate_embedding(embedding, True)
    return [(site, list(outline)) for site, outline in get_canonical_ordering(filled, outer)]


def obstruction(G) -> list:
    """The links of the part of ``G`` that networkx's recursive test keeps as proof that ``G``
    cannot be drawn without crossings, as sorted pairs, sorted."""
    plain = _plain(G)
    try:
        proof = get_counterexample_recursive(plain)
    except nx.NetworkXException as error:
        raise ValueError("the network can be drawn without crossings") from error
    return sorted(tuple(sorted(e)) for e in proof.edges())


def order_report(G) -> dict:
    """``{"planar", "order", "added", "obstruction"}``: whether ``G`` can be drawn (turn 1),
    the sites of ``placing_order`` (at least three sites) and the number of links of turn 2's
    full triangulation, or the ``obstruction`` when it cannot be drawn."""
    if not map_summary(G)["planar"]:
        return {"planar": False, "order": None, "added": None, "obstruction": obstruction(G)}
    order = [site for site, _ in placing_order(G)] if len(G) >= 3 else list(G)
    return {"planar": True, "order": order, "added": len(triangulation(G)["added"]), "obstruction": None}
