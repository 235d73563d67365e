from click.termui import style
from click.utils import echo

from click_appfiles.errors import load_configs


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
        echo(style(name, bold=True), file=file, color=color)
        echo(text, file=file, color=color, nl=not text.endswith("\n"))
    return len(texts)
