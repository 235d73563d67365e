"""Planar maps: the clockwise order of links at each site, and the faces of a drawing."""

import networkx as nx
from networkx.algorithms.planar_drawing import make_bi_connected
from networkx.algorithms.planarity import check_planarity_recursive


def _plain(G):
    """``G`` as a plain two-way graph, refusing one-way links and links from a site to itself."""
    if G.is_directed():
        raise ValueError("a map is drawn from two-way links")
    if nx.number_of_selfloops(G):
        raise ValueError("a link from a site to itself cannot be drawn")
    return nx.Graph(G)


def _embedding(G):
    """networkx's embedding of ``G`` (its recursive test), or None when ``G`` is not planar."""
    planar, embedding = check_planarity_recursive(_plain(G))
    return embedding if planar else None


def rotation(G):
    """The clockwise order of the neighbours of each site in networkx's drawing-free embedding,
    or None when ``G`` cannot be drawn without crossings."""
    embedding = _embedding(G)
    if embedding is None:
        return None
    return {site: list(embedding.neighbors_cw_order(site)) for site in embedding.nodes()}


def drawing_faces(G) -> dict:
    """``{"faces", "added"}``: the faces networkx walks when it prepares a drawing of ``G``
    (sites in order, neighbours clockwise), and the links it adds so that no face's border
    passes a site twice, as sorted pairs."""
    embedding = _embedding(G)
    if embedding is None:
        raise ValueError("the network cannot be drawn without crossings")
    work = nx.PlanarEmbedding(embedding)
    seen, faces = set(), []
    for site in list(work.nodes()):
        for neighbour in list(work.neighbors_cw_order(site)):
            face = make_bi_connected(work, site, neighbour, seen)
            if face:
                faces.append(face)
    before = {frozenset(e) for e in embedding.edges()}
    added = sorted({tuple(sorted(e)) for e in work.edges() if frozenset(e) not in before})
    return {"faces": faces, "added": added}


def map_summary(G) -> dict:
    """``{"planar", "faces", "largest", "added"}``: whether ``G`` can be drawn without
    crossings, and for a planar ``G`` its number of faces, the largest face and the number of
    links added (``drawing_faces``); None for those three otherwise."""
    _plain(G)
    if rotation(G) is None:
        return {"planar": False, "faces": None, "largest": None, "added": None}
    walked = drawing_faces(G)
    return {
        "planar": True,
        "faces": len(walked["faces"]),
        "largest": max(walked["faces"], key=len, default=[]),
        "added": len(walked["added"]),
    }
