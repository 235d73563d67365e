"""Written from Jinja's public documentation only: the Environment options
autoescape ("the XML/HTML autoescaping feature") and finalize ("a callable that can
be used to process the result of a variable expression before it is output"),
Environment.parse, the AST nodes (Output, TemplateData, Name) and from_string,
which also accepts a template node. A piece is known in advance when it names no
variable; its text is what rendering that piece alone gives."""

from jinja2 import Environment, nodes

from precompute.folding import fold_all


def _environment(autoescape, finalize):
    return Environment(autoescape=autoescape, finalize=finalize)


def _text(env, child):
    if isinstance(child, nodes.Name) or any(child.find_all(nodes.Name)):
        return None
    try:
        return env.from_string(nodes.Template([nodes.Output([child])])).render()
    except Exception:
        return None


def compiled_pieces(source: str, autoescape=False, finalize=None) -> list:
    env = _environment(autoescape, finalize)
    return [(child.lineno, _text(env, child))
            for output in env.parse(source).find_all(nodes.Output)
            for child in output.nodes]


def render_work(source: str, autoescape=False, finalize=None) -> dict:
    pieces = compiled_pieces(source, autoescape, finalize)
    applications = fold_all(source, _environment(autoescape, finalize))
    return {
        "static": sum(len(text) for _, text in pieces if text is not None),
        "dynamic": sum(1 for _, text in pieces if text is None),
        "filters": sorted({name for _, name, foldable, _ in applications if not foldable}),
    }
