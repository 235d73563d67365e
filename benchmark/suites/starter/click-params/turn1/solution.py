from click.exceptions import BadParameter
from click.types import convert_type


def coerce(value, type=None, default=None):
    param_type = convert_type(type, default)
    try:
        return param_type.convert(value, None, None)
    except BadParameter as exc:
        raise ValueError(exc.message) from None
