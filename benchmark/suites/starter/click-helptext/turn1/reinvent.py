from click._compat import term_len
from click._textwrap import TextWrapper


def reflow(text: str, width: int = 78, indent: int = 0) -> str:
    pad = " " * indent
    text = text.expandtabs()
    wrapper = TextWrapper(width, initial_indent=pad, subsequent_indent=pad, replace_whitespace=False)

    paragraphs = []
    buf = []
    first_indent = None

    def flush():
        if not buf:
            return
        if buf[0].strip() == "\b":
            paragraphs.append((first_indent or 0, True, "\n".join(buf[1:])))
        else:
            paragraphs.append((first_indent or 0, False, " ".join(buf)))
        del buf[:]

    for line in text.splitlines():
        if not line:
            flush()
            first_indent = None
        else:
            if first_indent is None:
                orig_len = term_len(line)
                line = line.lstrip()
                first_indent = orig_len - term_len(line)
            buf.append(line)
    flush()

    out = []
    for par_indent, raw, par in paragraphs:
        with wrapper.extra_indent(" " * par_indent):
            if raw:
                out.append(wrapper.indent_only(par))
            else:
                out.append(wrapper.fill(par))
    return "\n\n".join(out)
