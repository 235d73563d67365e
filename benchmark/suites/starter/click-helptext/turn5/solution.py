from click.core import Command, Context
from click.formatting import HelpFormatter

from click_helptext.commands import group_help


def full_help(
    prog: str,
    description: str,
    options: list[tuple[str, str]],
    commands: dict[str, str],
    epilog: str = "",
    width: int = 78,
) -> str:
    formatter = HelpFormatter(width=width)
    formatter.write(group_help(prog, description, options, commands, width))
    command = Command(prog, epilog=epilog)
    command.format_epilog(Context(command, info_name=prog), formatter)
    return formatter.getvalue()
