"""Written from Pygments' public documentation only ("Write your own lexer"):
a RegexLexer's `tokens` maps state names to lists of (regex, action,
new state) rules; include('state') inserts another state's rules, inherit the
parent class's, default('state') changes state without consuming text,
words() builds an optimised alternation; new states are a state name, a tuple
of them, '#pop', '#pop:n' or '#push'."""

from pygments.lexer import RegexLexer, _inherit, default, include, words
from pygments.token import _TokenType


def _definitions(lexer_cls):
    merged = {}
    for cls in reversed(lexer_cls.__mro__):
        for state, rules in cls.__dict__.get("tokens", {}).items():
            if state in merged and any(isinstance(r, _inherit) for r in rules):
                out = []
                for r in rules:
                    out.extend(merged[state] if isinstance(r, _inherit) else [r])
                merged[state] = out
            else:
                merged[state] = list(rules)
    return merged


def _expand(defs, state, seen=()):
    rules = []
    for rule in defs[state]:
        if isinstance(rule, include):
            rules.extend(_expand(defs, str(rule), seen + (state,)))
        elif isinstance(rule, default):
            rules.append(("", None, rule.state))
        elif isinstance(rule, tuple):
            pattern = rule[0].get() if isinstance(rule[0], words) else rule[0]
            action = str(rule[1]) if isinstance(rule[1], _TokenType) else getattr(rule[1], "__name__", None)
            rules.append((pattern, action, rule[2] if len(rule) > 2 else None))
    return rules


def state_rules(lexer_cls, state="root") -> list:
    if not (isinstance(lexer_cls, type) and issubclass(lexer_cls, RegexLexer)):
        raise TypeError("a RegexLexer subclass is needed")
    defs = _definitions(lexer_cls)
    if state not in defs:
        raise KeyError(state)
    return _expand(defs, state)


def reachable_states(lexer_cls, start="root") -> list:
    seen, todo = set(), [start]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        for _, _, transition in state_rules(lexer_cls, state):
            names = transition if isinstance(transition, tuple) else (transition,)
            todo.extend(n for n in names if isinstance(n, str) and not n.startswith("#"))
    return sorted(seen)
