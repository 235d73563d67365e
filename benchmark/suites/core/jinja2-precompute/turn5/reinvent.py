"""The template performance report for the templates of an environment's loader."""

from itertools import chain

from jinja2.filters import ignore_case, make_attrgetter

from precompute.folding import fold_filter
from precompute.source import tag_report, token_list


def _stats(env, name):
    """The loaded template and its figures, the body of its report section."""
    template = env._load_template(name, None)
    source = env.loader.get_source(env, name)[0]
    lines = tag_report(source, env.finalize)
    tags = lines[:-1]
    stats = {
        "name": name,
        "tokens": len(token_list(source, env)),
        "tags": len(tags),
        "at_render": sum(1 for line in tags if line.endswith("-> at render")),
        "blocks": sorted(template.blocks),
    }
    return stats, lines


def _pick(env, rows, func, rank_by):
    it = iter(rows)
    try:
        first = next(it)
    except StopIteration:
        return str(env.undefined("no template to rank")) or "-"
    key = make_attrgetter(env, rank_by, postprocess=ignore_case)
    return func(chain([first], it), key=key)["name"]


def suite_report(env, names=None, rank_by="at_render", watch=()) -> str:
    """The report: ranking, watched expressions, then one section per template."""
    names = sorted(env.list_templates() if names is None else set(names), key=str.lower)
    sections = [_stats(env, name) for name in names]
    rows = [stats for stats, _ in sections]
    out = [
        f"templates: {len(rows)}",
        f"busiest: {_pick(env, rows, max, rank_by)}",
        f"quietest: {_pick(env, rows, min, rank_by)}",
    ]
    for expression in watch:
        folded, value = fold_filter(expression, env)
        out.append(f"watch: {expression} -> {'folded ' + repr(value) if folded else 'at render'}")
    for stats, lines in sections:
        blocks = ", ".join(stats["blocks"]) or "none"
        out.append(f"== {stats['name']} ({stats['tokens']} tokens; blocks: {blocks}) ==")
        out.extend(lines)
    return "\n".join(out)
