from click._compat import _default_text_stderr, _default_text_stdout, _find_binary_writer, should_strip_ansi, strip_ansi
from click.globals import resolve_color_default
from click.termui import style

from click_appfiles.errors import load_configs


def _write(message, file=None, nl=True, err=False, color=None):
    if file is None:
        file = _default_text_stderr() if err else _default_text_stdout()
        if file is None:
            return
    out = message if isinstance(message, (str, bytes, bytearray)) else ("" if message is None else str(message))
    if nl:
        out += "\n" if isinstance(out, str) else b"\n"
    if not out:
        file.flush()
        return
    if isinstance(out, (bytes, bytearray)):
        binary_file = _find_binary_writer(file)
        if binary_file is not None:
            file.flush()
            binary_file.write(out)
            binary_file.flush()
            return
    elif should_strip_ansi(file, resolve_color_default(color)):
        out = strip_ansi(out)
    file.write(out)
    file.flush()


def print_configs(
    app_name: str,
    patterns: list[str],
    file=None,
    err=None,
    color: bool | None = None,
    portable: bool = False,
) -> int:
    texts = load_configs(app_name, patterns, err, portable)
    for name, text in texts.items():
        _write(style(name, bold=True), file=file, color=color)
        _write(text, file=file, color=color, nl=not text.endswith("\n"))
    return len(texts)
