from click.formatting import wrap_text


def reflow(text: str, width: int = 78, indent: int = 0) -> str:
    pad = " " * indent
    return wrap_text(text, width, initial_indent=pad, subsequent_indent=pad, preserve_paragraphs=True)
