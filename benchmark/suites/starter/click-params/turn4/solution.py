from click.exceptions import BadParameter
from click.types import Path

from click_params.numbers import parse_number


def parse_value(value, spec: dict):
    if value is None or "path" not in spec:
        return parse_number(value, spec)
    path = Path(**spec["path"])
    try:
        return path.convert(value, None, None)
    except BadParameter as exc:
        raise ValueError(exc.message) from None
