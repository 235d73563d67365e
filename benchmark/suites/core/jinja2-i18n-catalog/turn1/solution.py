"""Catalog entries of templates: what the extractor finds, and the id of a translation block."""

from io import BytesIO

from jinja2 import Environment
from jinja2.ext import GETTEXT_FUNCTIONS, InternationalizationExtension, babel_extract
from jinja2.parser import Parser


def _keywords(keywords):
    return tuple(keywords) if keywords is not None else GETTEXT_FUNCTIONS


def _options(trimmed):
    # the extractor reads its options as text, the way Babel's configuration gives them
    return {"trimmed": "true" if trimmed else "false"}


def extract_messages(source: str, keywords=None, tags=(), trimmed=False) -> list:
    """(line, function, message, comments) for every translatable message in ``source``."""
    fileobj = BytesIO(source.encode("utf-8"))
    found = babel_extract(fileobj, _keywords(keywords), list(tags), _options(trimmed))
    return [(line, function, message, comments) for line, function, message, comments in found]


def _i18n(env):
    return env.extensions[InternationalizationExtension.identifier]


def _unique(names):
    return list(dict.fromkeys(names))


def trans_msgid(body: str, trimmed=False, newstyle=False) -> tuple:
    """(singular, plural or None, names) as a block with ``body`` enters the catalog."""
    env = Environment(extensions=[InternationalizationExtension])
    ext = _i18n(env)
    parser = Parser(env, body + "{% endtrans %}")
    names, singular = ext._parse_block(parser, True)
    plural = None
    if parser.stream.current.test("name:pluralize"):
        next(parser.stream)
        parser.stream.expect("block_end")
        plural_names, plural = ext._parse_block(parser, False)
        names = names + plural_names
    if trimmed:
        singular = ext._trim_whitespace(singular)
        plural = ext._trim_whitespace(plural) if plural is not None else None
    if not names and not newstyle:
        # without variables an old-style block is not a format string
        singular = singular.replace("%%", "%")
        plural = plural.replace("%%", "%") if plural is not None else None
    return singular, plural, _unique(names)
