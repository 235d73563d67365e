import os
import stat
from gettext import gettext as _

from click.exceptions import BadParameter
from click.types import Path
from click.utils import format_filename

from click_params.numbers import parse_number


def parse_value(value, spec: dict):
    if value is None or "path" not in spec:
        return parse_number(value, spec)
    path = Path(**spec["path"])
    try:
        rv = value
        dash = b"-" if isinstance(rv, bytes) else "-"
        if path.file_okay and path.allow_dash and rv == dash:
            return path.coerce_path_result(rv)
        if path.resolve_path:
            rv = os.path.realpath(rv)
        name = path.name.title()
        shown = format_filename(value)
        try:
            st = os.stat(rv)
        except OSError:
            if not path.exists:
                return path.coerce_path_result(rv)
            path.fail(_("{name} {filename!r} does not exist.").format(name=name, filename=shown))
        if not path.file_okay and stat.S_ISREG(st.st_mode):
            path.fail(_("{name} {filename!r} is a file.").format(name=name, filename=shown))
        if not path.dir_okay and stat.S_ISDIR(st.st_mode):
            path.fail(_("{name} {filename!r} is a directory.").format(name=name, filename=shown))
        if path.readable and not os.access(rv, os.R_OK):
            path.fail(_("{name} {filename!r} is not readable.").format(name=name, filename=shown))
        if path.writable and not os.access(rv, os.W_OK):
            path.fail(_("{name} {filename!r} is not writable.").format(name=name, filename=shown))
        if path.executable and not os.access(value, os.X_OK):
            path.fail(_("{name} {filename!r} is not executable.").format(name=name, filename=shown))
        return path.coerce_path_result(rv)
    except BadParameter as exc:
        raise ValueError(exc.message) from None
