from click._compat import term_len
from click.formatting import HelpFormatter, iter_rows, measure_table, wrap_text

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
            rows = list(rows)
            widths = measure_table(rows)
            if len(widths) != 2:
                raise TypeError("Expected two columns for definition list")
            first_col = min(widths[0], col_max) + 2
            for first, second in iter_rows(rows, len(widths)):
                formatter.write(f"{'':>{formatter.current_indent}}{first}")
                if not second:
                    formatter.write("\n")
                    continue
                if term_len(first) <= first_col - 2:
                    formatter.write(" " * (first_col - term_len(first)))
                else:
                    formatter.write("\n")
                    formatter.write(" " * (first_col + formatter.current_indent))
                text_width = max(formatter.width - first_col - 2, 10)
                lines = wrap_text(second, text_width, preserve_paragraphs=True).splitlines()
                if lines:
                    formatter.write(f"{lines[0]}\n")
                    for line in lines[1:]:
                        formatter.write(f"{'':>{first_col + formatter.current_indent}}{line}\n")
                else:
                    formatter.write("\n")
    return formatter.getvalue()
