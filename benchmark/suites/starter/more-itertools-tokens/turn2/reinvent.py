from collections import deque
from itertools import repeat

from more_itertools_tokens.grouping import group_text


def tokens(nested, levels=None):
    leaves = []
    stack = deque()
    stack.appendleft((0, repeat(nested, 1)))
    while stack:
        node_group = stack.popleft()
        level, nodes = node_group
        if levels is not None and level > levels:
            leaves.extend(nodes)
            continue
        for node in nodes:
            if isinstance(node, (str, bytes)):
                leaves.append(node)
            else:
                try:
                    tree = iter(node)
                except TypeError:
                    leaves.append(node)
                else:
                    stack.appendleft(node_group)
                    stack.appendleft((level + 1, tree))
                    break
    return leaves


def key_text(parts, size=4, sep="-"):
    text = "".join(leaf.decode("ascii") if isinstance(leaf, bytes) else str(leaf) for leaf in tokens(parts))
    return group_text(text.upper(), size, sep)
