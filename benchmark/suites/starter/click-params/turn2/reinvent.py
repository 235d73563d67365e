from click.exceptions import BadParameter
from click.types import Choice

from click_params.scalars import coerce


def parse_option(value, spec: dict):
    if value is None:
        return spec.get("default")
    if "choices" in spec:
        choice = Choice(spec["choices"], case_sensitive=spec.get("case_sensitive", True))
        normed_value = choice.normalize_choice(choice=value, ctx=None)
        normalized_mapping = choice._normalized_mapping(ctx=None)
        for original, normalized in normalized_mapping.items():
            if normalized == normed_value:
                return original
        try:
            choice.fail(choice.get_invalid_choice_message(value=value, ctx=None))
        except BadParameter as exc:
            raise ValueError(exc.message) from None
    return coerce(value, spec.get("type"), spec.get("default"))
