"""Reading records the way our report templates read them: attribute paths and extremes."""

from jinja2 import Environment
from jinja2.filters import _min_or_max, _prepare_attribute_parts
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
    found = _min_or_max(_ENV, records, max if largest else min, cased, path)
    return None if isinstance(found, Undefined) else found
