"""What a native-type environment keeps in advance: Python values instead of text."""

from jinja2 import nodes
from jinja2.compiler import Frame
from jinja2.nativetypes import NativeCodeGenerator, NativeEnvironment, native_concat
from jinja2.nodes import EvalContext

from precompute.pieces import compiled_pieces, render_work


def _kept(generator, frame, finalize, child):
    """(True, value) when the native compiler keeps ``child`` as a value in advance."""
    if not (finalize.const or isinstance(child, nodes.TemplateData)):
        return False, None
    try:
        return True, generator._output_child_to_const(child, frame, finalize)
    except Exception:
        return False, None


def native_pieces(source: str, finalize=None) -> list:
    """(line, text, known, value) for every piece of output of ``source``."""
    env = NativeEnvironment(finalize=finalize)
    generator = NativeCodeGenerator(env, None, None)
    info = generator._make_finalize()
    frame = Frame(EvalContext(env, None))
    children = [child for output in env.parse(source).find_all(nodes.Output) for child in output.nodes]
    rows = []
    for (line, text), child in zip(compiled_pieces(source, finalize=finalize), children):
        known, value = _kept(generator, frame, info, child)
        rows.append((line, text, known, value))
    return rows


def native_value(source: str, finalize=None) -> tuple:
    """(True, value) when rendering natively is settled at compile time, else (False, render work)."""
    rows = native_pieces(source, finalize)
    if all(known for _, _, known, _ in rows):
        return True, native_concat([value for _, _, _, value in rows])
    return False, render_work(source, finalize=finalize)
