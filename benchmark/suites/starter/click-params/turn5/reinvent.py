from gettext import gettext as _

from click.exceptions import NoSuchOption, _join_param_hints

from click_params.paths import parse_value


def _missing_message(names, param=None, ctx=None):
    param_hint = names
    if param_hint is None and param is not None:
        param_hint = param.get_error_hint(ctx)
    param_hint = _join_param_hints(param_hint)
    param_hint = f" {param_hint}" if param_hint else ""
    msg = ""
    if param is not None:
        msg = param.type.get_missing_message(param=param, ctx=ctx) or ""
    msg = f" {msg}" if msg else ""
    missing = _("Missing {param_type}").format(param_type="setting")
    return f"{missing}{param_hint}.{msg}"


def _invalid_message(message, names, param=None, ctx=None):
    if names is not None:
        param_hint = names
    elif param is not None:
        param_hint = param.get_error_hint(ctx)
    else:
        return _("Invalid value: {message}").format(message=message)
    return _("Invalid value for {param_hint}: {message}").format(
        param_hint=_join_param_hints(param_hint), message=message
    )


def parse_settings(raw: dict, schema: dict) -> tuple[dict, list[str]]:
    values = {}
    errors = []
    known = []
    for key, spec in schema.items():
        names = [key, *spec.get("aliases", ())]
        known.extend(names)
        given = next((name for name in names if name in raw), None)
        if given is None and spec.get("required"):
            errors.append(_missing_message(names))
            continue
        try:
            values[key] = parse_value(None if given is None else raw[given], spec)
        except ValueError as exc:
            errors.append(_invalid_message(str(exc), names))
    for name in raw:
        if name not in known:
            unknown = NoSuchOption(name, possibilities=known)
            errors.append(unknown.format_message())
    return values, errors
