import os

from click.utils import _expand_args

from click_appfiles.dirs import app_dir


def find_configs(app_name: str, patterns: list[str], portable: bool = False) -> list[str]:
    folder = app_dir(app_name, portable)
    found: list[str] = []
    for pattern in patterns:
        found.extend(sorted(_expand_args([os.path.join(folder, pattern)])))
    return found
