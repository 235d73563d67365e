"""The rules of a Pygments regex lexer's states, as Pygments compiles them."""

from collections import deque

from pygments.lexer import RegexLexer
from pygments.token import _TokenType


def _action_name(action):
    if action is None:
        return None
    if isinstance(action, _TokenType):
        return str(action)
    return getattr(action, "__name__", repr(action))


def state_rules(lexer_cls, state="root") -> list:
    """(pattern, action, transition) for each rule of ``state``, after Pygments' processing."""
    if not (isinstance(lexer_cls, type) and issubclass(lexer_cls, RegexLexer)):
        raise TypeError("a RegexLexer subclass is needed")
    lexer_cls()  # Pygments prepares a lexer class when it is first instantiated
    definitions = lexer_cls.get_tokendefs()
    if state not in definitions:
        raise KeyError(state)
    processed = {}
    rules = lexer_cls._process_state(definitions, processed, state)
    return [(match.__self__.pattern, _action_name(action), transition) for match, action, transition in rules]


def _named_states(transition) -> list:
    """The states a stored transition enters by name (pops, pushes and made-up states aside)."""
    if not isinstance(transition, tuple):
        return []
    return [name for name in transition if not name.startswith("#") and not name.startswith("_tmp")]


def reachable_states(lexer_cls, start="root") -> list:
    """The states lexing can reach from ``start`` (``start`` included), sorted."""
    seen, todo = set(), deque([start])
    while todo:
        state = todo.popleft()
        if state in seen:
            continue
        seen.add(state)
        for _, _, transition in state_rules(lexer_cls, state):
            todo.extend(_named_states(transition))
    return sorted(seen)
