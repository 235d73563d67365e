import os
import sys
import typing as t

from click._compat import open_stream
from click.utils import _KeepOpenFile, _LazyFile

from click_appfiles.search import find_configs


def _open(path, mode="r", encoding=None, errors="strict", lazy=False, atomic=False):
    if lazy:
        return t.cast("t.IO[t.Any]", _LazyFile(path, mode, encoding, errors, atomic=atomic))
    f, should_close = open_stream(path, mode, encoding, errors, atomic=atomic)
    if not should_close:
        f = t.cast("t.IO[t.Any]", _KeepOpenFile(f))
    return f


def read_config(path: str, encoding: str | None = None) -> str:
    with _open(path, encoding=encoding) as f:
        return f.read()


def _display(path):
    path = os.fspath(path)
    if isinstance(path, bytes):
        return path.decode(sys.getfilesystemencoding(), "replace")
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


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
        texts[_display(path)] = text
    return texts
