import inspect

from click.core import _format_deprecated_label
from click.utils import _make_default_short_help

from click_helptext.section import render_section
from click_helptext.usage import help_page


def command_summary(
    help: str,
    limit: int = 45,
    short: str | None = None,
    deprecated: bool | str = False,
) -> str:
    if short:
        text = inspect.cleandoc(short)
    elif help:
        text = _make_default_short_help(help, limit)
    else:
        text = ""
    if deprecated:
        text = f"{text} {_format_deprecated_label(deprecated)}"
    return text.strip()


def group_help(
    prog: str,
    description: str,
    options: list[tuple[str, str]],
    commands: dict[str, str],
    width: int = 78,
) -> str:
    page = help_page(prog, "[OPTIONS] COMMAND [ARGS]...", description, options, width)
    if not commands:
        return page
    limit = width - 6 - max(len(name) for name in commands)
    rows = [(name, command_summary(commands[name], limit)) for name in sorted(commands)]
    return page + "\n" + render_section("Commands", rows, width=width)
