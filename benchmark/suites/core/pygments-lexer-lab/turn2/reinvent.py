"""Keyword alternations and generated lexer variants, as Pygments builds them."""

import re
from itertools import groupby

from pygments.lexers import get_lexer_by_name
from pygments.lexers.objective import objective
from pygments.regexopt import commonprefix, make_charset

from lexlab.rules import reachable_states, state_rules


def _alternation(strings, open_paren):
    close_paren = open_paren and ")" or ""
    if not strings:
        return ""
    first = strings[0]
    if len(strings) == 1:
        return open_paren + re.escape(first) + close_paren
    if not first:
        return open_paren + _alternation(strings[1:], "(?:") + "?" + close_paren
    if len(first) == 1:
        single = [s for s in strings if len(s) == 1]
        rest = [s for s in strings if len(s) != 1]
        if len(single) > 1:
            if rest:
                return open_paren + _alternation(rest, "") + "|" + make_charset(single) + close_paren
            return open_paren + make_charset(single) + close_paren
    prefix = commonprefix(strings)
    if prefix:
        return open_paren + re.escape(prefix) + _alternation([s[len(prefix):] for s in strings], "(?:") + close_paren
    suffix = commonprefix([s[::-1] for s in strings])
    if suffix:
        return (open_paren + _alternation(sorted(s[:-len(suffix)] for s in strings), "(?:")
                + re.escape(suffix[::-1]) + close_paren)
    return open_paren + "|".join(_alternation(list(group[1]), "")
                                 for group in groupby(strings, lambda s: s[0] == first[0])) + close_paren


def word_pattern(words, prefix="", suffix="") -> str:
    """A regex source matching any of ``words``, optimised as Pygments does, with no capturing group."""
    return prefix + _alternation(sorted(set(words)), "(?:") + suffix


def objective_changes(base="c") -> dict:
    """{state: rules} of the Objective variant of lexer ``base`` that the variant adds or changes."""
    base_cls = type(get_lexer_by_name(base))
    variant = objective(base_cls)
    changes = {}
    for state in reachable_states(variant):
        rules = state_rules(variant, state)
        try:
            before = state_rules(base_cls, state)
        except KeyError:
            before = None
        if rules != before:
            changes[state] = rules
    return changes
