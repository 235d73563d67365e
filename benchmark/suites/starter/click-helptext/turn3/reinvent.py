from gettext import gettext as _

from click._compat import term_len
from click.formatting import HelpFormatter, wrap_text

from click_helptext.reflow import reflow
from click_helptext.section import render_section


def usage_line(prog: str, args: str = "", width: int = 78) -> str:
    formatter = HelpFormatter(width=width)
    prefix = "{usage} ".format(usage=_("Usage:"))
    usage_prefix = f"{prefix:>{formatter.current_indent}}{prog} "
    text_width = formatter.width - formatter.current_indent
    if not args:
        formatter.write(usage_prefix.rstrip(" "))
        formatter.write("\n")
        return formatter.getvalue()
    if text_width >= term_len(usage_prefix) + 20:
        indent = " " * term_len(usage_prefix)
        formatter.write(wrap_text(args, text_width, initial_indent=usage_prefix, subsequent_indent=indent))
    else:
        formatter.write(usage_prefix)
        formatter.write("\n")
        indent = " " * (max(formatter.current_indent, term_len(prefix)) + 4)
        formatter.write(wrap_text(args, text_width, initial_indent=indent, subsequent_indent=indent))
    formatter.write("\n")
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
