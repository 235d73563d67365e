"""Written from Jinja's public documentation only: Environment.get_template
(loads through the environment's cache), list_templates, the loader's get_source,
Template.blocks, Environment.getitem ("get an item or attribute of an object but
prefer the item") and the min/max filters' documentation (attribute with dot
notation, strings compared without regard to case unless case_sensitive)."""

from jinja2.runtime import Undefined

from precompute.folding import fold_filter
from precompute.source import tag_report, token_list


def _stats(env, name):
    template = env.get_template(name)
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


def _key(env, rank_by):
    def key(row):
        value = row
        for part in rank_by.split("."):
            value = env.getitem(value, part)
        if isinstance(value, Undefined):
            value._fail_with_undefined_error()
        return value.lower() if isinstance(value, str) else value
    return key


def _pick(env, rows, func, rank_by):
    return func(rows, key=_key(env, rank_by))["name"] if rows else "-"


def suite_report(env, names=None, rank_by="at_render", watch=()) -> str:
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
