"""The text Jinja writes into a compiled template for each piece of output, when it can."""

from jinja2 import Environment, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.nodes import EvalContext

from precompute.folding import fold_all

def _environment(autoescape, finalize):
    return Environment(autoescape=autoescape, finalize=finalize)


def _precomputed(generator, frame, finalize, child):
    """The compiled text of one output piece, or None when it is computed at every render."""
    if not (finalize.const or isinstance(child, nodes.TemplateData)):
        return None
    try:
        return generator._output_child_to_const(child, frame, finalize)
    except Exception:
        # not constant (Impossible), or failing: either way the render computes it
        return None


def compiled_pieces(source: str, autoescape=False, finalize=None) -> list:
    """(line, text) for every piece of output in ``source``, text None when computed at render."""
    env = _environment(autoescape, finalize)
    generator = CodeGenerator(env, None, None)
    info = generator._make_finalize()
    frame = Frame(EvalContext(env, None))
    pieces = []
    for output in env.parse(source).find_all(nodes.Output):
        for child in output.nodes:
            pieces.append((child.lineno, _precomputed(generator, frame, info, child)))
    return pieces


def render_work(source: str, autoescape=False, finalize=None) -> dict:
    """What every render of ``source`` still computes, beside what was written in advance."""
    pieces = compiled_pieces(source, autoescape, finalize)
    applications = fold_all(source, _environment(autoescape, finalize))
    return {
        "static": sum(len(text) for _, text in pieces if text is not None),
        "dynamic": sum(1 for _, text in pieces if text is None),
        "filters": sorted({name for _, name, foldable, _ in applications if not foldable}),
    }
