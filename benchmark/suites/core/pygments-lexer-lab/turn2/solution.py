"""Keyword alternations and generated lexer variants, as Pygments builds them."""

from pygments.lexers import get_lexer_by_name
from pygments.lexers.objective import objective
from pygments.regexopt import regex_opt_inner

from lexlab.rules import reachable_states, state_rules


def word_pattern(words, prefix="", suffix="") -> str:
    """A regex source matching any of ``words``, optimised as Pygments does, with no capturing group."""
    return prefix + regex_opt_inner(sorted(set(words)), "(?:") + suffix


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
