from click.formatting import HelpFormatter

from click_helptext.reflow import reflow
from click_helptext.section import render_section


def usage_line(prog: str, args: str = "", width: int = 78) -> str:
    formatter = HelpFormatter(width=width)
    formatter.write_usage(prog, args)
    return formatter.getvalue()


def help_page(
    prog: str,
    args: str,
    description: str,
    options: list[tuple[str, str]],
    width: int = 78,
) -> str:
    parts = [usage_line(prog, args, width)]
    if description:
        parts.append("\n" + reflow(description, width, indent=2) + "\n")
    if options:
        parts.append("\n" + render_section("Options", options, width=width))
    return "".join(parts)
