"""Generated batch-file states and states no rule reaches, as Pygments prepares them."""

from pygments.lexer import RegexLexer
from pygments.lexers.shell import BatchLexer

from lexlab.rules import reachable_states, state_rules


def begin_rules(compound=False) -> list:
    """Turn 1's rules of the state Pygments' batch-file lexer generates for the start of a command."""
    rules = BatchLexer._make_begin_state(compound)
    probe = type("BeginProbe", (BatchLexer,), {"tokens": {"begin": rules}})
    return state_rules(probe, "begin")


def unreached_states(lexer_cls) -> list:
    """The named states Pygments prepares for ``lexer_cls`` that no chain of transitions from root enters."""
    if not (isinstance(lexer_cls, type) and issubclass(lexer_cls, RegexLexer)):
        raise TypeError("a RegexLexer subclass is needed")
    lexer_cls()
    prepared = lexer_cls.process_tokendef("", lexer_cls.get_tokendefs())
    reachable = set(reachable_states(lexer_cls))
    return sorted(state for state in prepared if not state.startswith("_tmp") and state not in reachable)
