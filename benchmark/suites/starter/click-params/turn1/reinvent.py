from click.exceptions import BadParameter
from click.types import BOOL, FLOAT, INT, STRING, FuncParamType, ParamType, Tuple, _guess_type


def coerce(value, type=None, default=None):
    guessed = _guess_type(type, default)
    is_guessed = guessed is not type
    if isinstance(guessed, tuple):
        param_type = Tuple(guessed)
    elif isinstance(guessed, ParamType):
        param_type = guessed
    elif guessed is str or guessed is None:
        param_type = STRING
    elif guessed is int:
        param_type = INT
    elif guessed is float:
        param_type = FLOAT
    elif guessed is bool:
        param_type = BOOL
    elif is_guessed:
        param_type = STRING
    else:
        param_type = FuncParamType(guessed)
    try:
        return param_type.convert(value, None, None)
    except BadParameter as exc:
        raise ValueError(exc.message) from None
