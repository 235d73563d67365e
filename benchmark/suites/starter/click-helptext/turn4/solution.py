from click.core import Command

from click_helptext.section import render_section
from click_helptext.usage import help_page


def command_summary(
    help: str,
    limit: int = 45,
    short: str | None = None,
    deprecated: bool | str = False,
) -> str:
    command = Command("command", help=help, short_help=short, deprecated=deprecated)
    return command.get_short_help_str(limit)


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
