"""Written from the networkx documentation only (check_planarity, PlanarEmbedding).

Filling faces with triangles: the links networkx adds to triangulate a map."""

import networkx as nx

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
    face = work.traverse_face(u, v)
    # a fan of links from the first site of the face
    fan = [(face[0], w) for w in face[2:-1] if w != face[0] and not work.has_edge(face[0], w)]
    return sorted(set(_links(fan)))


def triangulation(G, full: bool = True) -> dict:
    """``{"added", "outer"}``: the links networkx adds to triangulate its embedding of ``G``
    (connecting the parts first; the largest face stays open unless ``full``), as sorted
    pairs, sorted; and the sites of the outer face it reports."""
    embedding = _embedding(G)
    if embedding is None:
        raise ValueError("the network cannot be drawn without crossings")
    filled = nx.Graph(embedding)
    faces = drawing_faces(G)["faces"]
    outer = max(faces, key=len, default=list(embedding))
    for face in faces:
        if face is not outer or full:
            for w in face[2:-1]:
                filled.add_edge(face[0], w)
    if full and len(outer) > 3:
        outer = outer[:3]
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
