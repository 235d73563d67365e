"""Written from Jinja's public documentation only: Environment.getitem ("get an item
or attribute of an object but prefer the item"), the dot notation of attribute
arguments in the sort, map and groupby filters ("Can use dot notation like
address.city"), and the min/max filters ("case_sensitive: Treat upper and lower
case strings as distinct"; "attribute: Get the object with the max value of this
attribute")."""

from jinja2 import Environment
from jinja2.runtime import Undefined

_ENV = Environment()


def field(record, path, default=None):
    if path is None:
        return record
    value = record
    for part in str(path).split("."):
        value = _ENV.getitem(value, part)
        if isinstance(value, Undefined):
            return default
    return value


def extreme(records, path=None, largest=True, cased=False):
    records = list(records)
    if not records:
        return None

    def key(record):
        value = field(record, path)
        return value.lower() if isinstance(value, str) and not cased else value

    return (max if largest else min)(records, key=key)
