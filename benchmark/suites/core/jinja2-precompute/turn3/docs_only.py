"""Written from Jinja's public documentation only: "Native Python Types"
(NativeEnvironment renders "a native Python type": a single node's value is
returned as is, several are concatenated and parsed with ast.literal_eval) and the
finalize option. A piece is known in advance when it names no variable; its
value is what rendering that piece alone in a native environment gives."""

from jinja2 import nodes
from jinja2.nativetypes import NativeEnvironment

from precompute.pieces import compiled_pieces, render_work


def native_pieces(source: str, finalize=None) -> list:
    env = NativeEnvironment(finalize=finalize)
    children = [child for output in env.parse(source).find_all(nodes.Output) for child in output.nodes]
    rows = []
    for (line, text), child in zip(compiled_pieces(source, finalize=finalize), children):
        if isinstance(child, nodes.Name) or any(child.find_all(nodes.Name)):
            rows.append((line, text, False, None))
            continue
        try:
            value = env.from_string(nodes.Template([nodes.Output([child])])).render()
        except Exception:
            rows.append((line, text, False, None))
            continue
        rows.append((line, text, True, value))
    return rows


def native_value(source: str, finalize=None) -> tuple:
    rows = native_pieces(source, finalize)
    if all(known for _, _, known, _ in rows):
        return True, NativeEnvironment(finalize=finalize).from_string(source).render()
    return False, render_work(source, finalize=finalize)
