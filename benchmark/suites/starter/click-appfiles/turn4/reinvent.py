from gettext import gettext as _

from click._compat import get_text_stderr
from click.exceptions import FileError
from click.utils import echo

from click_appfiles.reader import read_configs


def _show(problem, file=None) -> None:
    if file is None:
        file = get_text_stderr()
    echo(_("Error: {message}").format(message=problem.format_message()), file=file, color=problem.show_color)


def report_error(path: str, error: OSError, file=None) -> None:
    _show(FileError(path, hint=error.strerror), file)


def load_configs(app_name: str, patterns: list[str], err=None, portable: bool = False) -> dict[str, str]:
    return read_configs(app_name, patterns, portable, on_error=lambda path, exc: report_error(path, exc, err))
