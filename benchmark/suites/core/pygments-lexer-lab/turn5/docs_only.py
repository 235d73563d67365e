"""Written from Pygments' public documentation only: a lexer's `tokens`
dict holds its states; the batch-file lexer (batch) starts every command in
its "root" state, and in "root/compound" inside parentheses; states are
entered through the new-state part of rules; rules and reachable states come
from turn 1."""

from pygments.lexer import RegexLexer
from pygments.lexers.shell import BatchLexer

from lexlab.rules import reachable_states, state_rules


def begin_rules(compound=False) -> list:
    return state_rules(BatchLexer, "root/compound" if compound else "root")


def unreached_states(lexer_cls) -> list:
    if not (isinstance(lexer_cls, type) and issubclass(lexer_cls, RegexLexer)):
        raise TypeError("a RegexLexer subclass is needed")
    reachable = set(reachable_states(lexer_cls))
    return sorted(state for state in lexer_cls.tokens if state not in reachable)
