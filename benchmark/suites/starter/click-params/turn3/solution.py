from click.exceptions import BadParameter
from click.types import FloatRange, IntRange

from click_params.options import parse_option


def parse_number(value, spec: dict):
    if value is None or ("min" not in spec and "max" not in spec):
        return parse_option(value, spec)
    low, high = spec.get("min"), spec.get("max")
    bounds = dict(
        min=low,
        max=high,
        min_open=spec.get("min_open", False),
        max_open=spec.get("max_open", False),
        clamp=spec.get("clamp", False),
    )
    try:
        if spec.get("type") is float or isinstance(low, float) or isinstance(high, float):
            floats = FloatRange(**bounds)
            return floats.convert(value, None, None)
        ints = IntRange(**bounds)
        return ints.convert(value, None, None)
    except BadParameter as exc:
        raise ValueError(exc.message) from None
