import os
import re
from glob import glob

from click_appfiles.dirs import app_dir


def find_configs(app_name: str, patterns: list[str], portable: bool = False) -> list[str]:
    folder = app_dir(app_name, portable)
    found: list[str] = []
    for pattern in patterns:
        arg = os.path.expandvars(os.path.expanduser(os.path.join(folder, pattern)))
        try:
            matches = glob(arg, recursive=True)
        except re.error:
            matches = []
        found.extend(sorted(matches) if matches else [arg])
    return found
