"""Reading records the way our report templates read them: attribute paths and extremes."""

from itertools import chain

from jinja2 import Environment
from jinja2.filters import _prepare_attribute_parts, ignore_case, make_attrgetter
from jinja2.runtime import Undefined
from jinja2.utils import is_undefined

_ENV = Environment()


def field(record, path, default=None):
    """The value a template reads at ``path`` (``"a.b.0"``) of ``record``; ``default`` when missing."""
    value = record
    for part in _prepare_attribute_parts(path):
        value = _ENV.getitem(value, part)
        if is_undefined(value):
            return default
    return value


def extreme(records, path=None, largest=True, cased=False):
    """The record with the largest (or smallest) value at ``path``, as the max/min filters pick it."""
    it = iter(records)
    try:
        first = next(it)
    except StopIteration:
        found = _ENV.undefined("no records")
        return None if isinstance(found, Undefined) else found
    key = make_attrgetter(_ENV, path, postprocess=None if cased else ignore_case)
    return (max if largest else min)(chain([first], it), key=key)
