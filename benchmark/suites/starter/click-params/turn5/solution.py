from click.exceptions import BadParameter, MissingParameter, NoSuchOption

from click_params.paths import parse_value


def parse_settings(raw: dict, schema: dict) -> tuple[dict, list[str]]:
    values = {}
    errors = []
    known = []
    for key, spec in schema.items():
        names = [key, *spec.get("aliases", ())]
        known.extend(names)
        given = next((name for name in names if name in raw), None)
        if given is None and spec.get("required"):
            missing = MissingParameter(param_hint=names, param_type="setting")
            errors.append(missing.format_message())
            continue
        try:
            values[key] = parse_value(None if given is None else raw[given], spec)
        except ValueError as exc:
            invalid = BadParameter(str(exc), param_hint=names)
            errors.append(invalid.format_message())
    for name in raw:
        if name not in known:
            unknown = NoSuchOption(name, possibilities=known)
            errors.append(unknown.format_message())
    return values, errors
