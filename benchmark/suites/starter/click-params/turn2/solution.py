from click.exceptions import BadParameter
from click.types import Choice

from click_params.scalars import coerce


def parse_option(value, spec: dict):
    if value is None:
        return spec.get("default")
    if "choices" in spec:
        choice = Choice(spec["choices"], case_sensitive=spec.get("case_sensitive", True))
        try:
            return choice.convert(value, None, None)
        except BadParameter as exc:
            raise ValueError(exc.message) from None
    return coerce(value, spec.get("type"), spec.get("default"))
