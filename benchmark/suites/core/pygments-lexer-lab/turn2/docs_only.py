"""Written from Pygments' public documentation only: words() "can be used to
match a list of words" and is optimised by Pygments (words(...).get() gives
the pattern, one capturing group around the alternation); the Objective-C and
Objective-C++ lexers (objective-c, objective-c++) extend the C and C++ lexers
with Objective-C syntax; state rules come from turn 1."""

from pygments.lexer import words as _words
from pygments.lexers import get_lexer_by_name

from lexlab.rules import reachable_states, state_rules

_VARIANTS = {"c": "objective-c", "cpp": "objective-c++", "c++": "objective-c++"}


def word_pattern(words, prefix="", suffix="") -> str:
    pattern = _words(sorted(set(words))).get()
    if pattern.startswith("("):
        pattern = "(?:" + pattern[1:]
    return prefix + pattern + suffix


def objective_changes(base="c") -> dict:
    base_cls = type(get_lexer_by_name(base))
    if base not in _VARIANTS:
        raise ValueError(f"no Objective variant of {base!r}")
    variant = type(get_lexer_by_name(_VARIANTS[base]))
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
