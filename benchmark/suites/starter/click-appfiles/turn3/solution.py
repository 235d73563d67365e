from click.utils import format_filename, open_file

from click_appfiles.search import find_configs


def read_config(path: str, encoding: str | None = None) -> str:
    with open_file(path, encoding=encoding) as f:
        return f.read()


def read_configs(app_name: str, patterns: list[str], portable: bool = False, on_error=None) -> dict[str, str]:
    texts: dict[str, str] = {}
    for path in find_configs(app_name, patterns, portable):
        try:
            text = read_config(path)
        except OSError as exc:
            if on_error is None:
                raise
            on_error(path, exc)
            continue
        texts[format_filename(path)] = text
    return texts
