import inspect

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
    if epilog:
        text = inspect.cleandoc(epilog)
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text)
    return formatter.getvalue()
