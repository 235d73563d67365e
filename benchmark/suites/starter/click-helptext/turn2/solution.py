from click.formatting import HelpFormatter

from click_helptext.reflow import reflow


def render_section(
    title: str,
    rows: list[tuple[str, ...]],
    intro: str = "",
    width: int = 78,
    col_max: int = 30,
) -> str:
    formatter = HelpFormatter(width=width)
    with formatter.section(title):
        if intro:
            formatter.write(reflow(intro, width, indent=formatter.current_indent))
            formatter.write("\n")
            if rows:
                formatter.write("\n")
        if rows:
            formatter.write_dl(rows, col_max=col_max)
    return formatter.getvalue()
