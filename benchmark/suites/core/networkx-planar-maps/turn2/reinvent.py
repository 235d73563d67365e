"""Filling faces with triangles: the links networkx adds to triangulate a map."""

import networkx as nx
from networkx.algorithms.planar_drawing import triangulate_embedding

from planar.faces import _embedding, drawing_faces, rotation


def _links(pairs) -> list:
    return [tuple(sorted(p)) for p in pairs]


def fill_face(G, u, v) -> list:
    """The links networkx adds to fill with triangles the face that has the half-link
    ``u -> v`` on its border (networkx's embedding of ``G``), as sorted pairs, sorted."""
    embedding = _embedding(G)
    if embedding is None:
        raise ValueError("the network cannot be drawn without crossings")
    if not embedding.has_edge(u, v):
        raise ValueError(f"no link {(u, v)!r}")
    work = nx.PlanarEmbedding(embedding)
    before = {frozenset(e) for e in work.edges()}
    v1, v2 = u, v
    _, v3 = work.next_face_half_edge(v1, v2)
    _, v4 = work.next_face_half_edge(v2, v3)
    if v1 not in (v2, v3):
        while v1 != v4:
            if work.has_edge(v1, v3):
                v1, v2, v3 = v2, v3, v4
            else:
                work.add_half_edge(v1, v3, ccw=v2)
                work.add_half_edge(v3, v1, cw=v2)
                v1, v2, v3 = v1, v3, v4
            _, v4 = work.next_face_half_edge(v2, v3)
    return sorted(set(_links(e for e in work.edges() if frozenset(e) not in before)))


def triangulation(G, full: bool = True) -> dict:
    """``{"added", "outer"}``: the links networkx adds to triangulate its embedding of ``G``
    (connecting the parts first; the largest face stays open unless ``full``), as sorted
    pairs, sorted; and the sites of the outer face it reports."""
    embedding = _embedding(G)
    if embedding is None:
        raise ValueError("the network cannot be drawn without crossings")
    filled, outer = triangulate_embedding(embedding, full)
    before = {frozenset(e) for e in embedding.edges()}
    added = sorted(set(_links(e for e in filled.edges() if frozenset(e) not in before)))
    return {"added": added, "outer": list(outer)}


def fill_report(G) -> dict:
    """``{"rotation", "faces", "filled", "open_outer"}``: turn 1's rotation and number of
    faces, the number of links a full triangulation adds and the outer face left open when
    the largest face is kept."""
    return {
        "rotation": rotation(G),
        "faces": len(drawing_faces(G)["faces"]),
        "filled": len(triangulation(G)["added"]),
        "open_outer": triangulation(G, full=False)["outer"],
    }
