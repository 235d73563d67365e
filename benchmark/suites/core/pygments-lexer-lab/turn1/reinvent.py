"""The rules of a Pygments regex lexer's states, as Pygments compiles them."""

import re
from collections import deque

from pygments.lexer import RegexLexer, _inherit, default, include
from pygments.token import _TokenType


def _action_name(action):
    if action is None:
        return None
    if isinstance(action, _TokenType):
        return str(action)
    return getattr(action, "__name__", repr(action))


def _compile_state(cls, unprocessed, processed, state):
    if state in processed:
        return processed[state]
    tokens = processed[state] = []
    for tdef in unprocessed[state]:
        if isinstance(tdef, include):
            tokens.extend(_compile_state(cls, unprocessed, processed, str(tdef)))
            continue
        if isinstance(tdef, _inherit):
            continue
        if isinstance(tdef, default):
            tokens.append((re.compile("").match, None, cls._process_new_state(tdef.state, unprocessed, processed)))
            continue
        rex = cls._process_regex(tdef[0], cls.flags, state)
        token = cls._process_token(tdef[1])
        new_state = None if len(tdef) == 2 else cls._process_new_state(tdef[2], unprocessed, processed)
        tokens.append((rex, token, new_state))
    return tokens


def state_rules(lexer_cls, state="root") -> list:
    """(pattern, action, transition) for each rule of ``state``, after Pygments' processing."""
    if not (isinstance(lexer_cls, type) and issubclass(lexer_cls, RegexLexer)):
        raise TypeError("a RegexLexer subclass is needed")
    lexer_cls()  # Pygments prepares a lexer class when it is first instantiated
    definitions = lexer_cls.get_tokendefs()
    if state not in definitions:
        raise KeyError(state)
    processed = {}
    rules = _compile_state(lexer_cls, definitions, processed, state)
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
