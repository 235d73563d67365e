from click.exceptions import FileError

from click_appfiles.reader import read_configs


def report_error(path: str, error: OSError, file=None) -> None:
    problem = FileError(path, hint=error.strerror)
    problem.show(file)


def load_configs(app_name: str, patterns: list[str], err=None, portable: bool = False) -> dict[str, str]:
    return read_configs(app_name, patterns, portable, on_error=lambda path, exc: report_error(path, exc, err))
