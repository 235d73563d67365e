"""Written from Pygments' public documentation only: the fortranfixed lexer
highlights fixed-form Fortran (columns 1-5 a label, column 6 a continuation
mark, 7-72 the statement, the rest ignored; C, * or ! in column 1 a comment)
by lexing the statement as free-form Fortran (the fortran lexer); a rule's
new state is a state name, a tuple of names, '#pop', '#pop:n' or '#push';
inputs and reachable states come from turns 1 and 3."""

import re

from pygments.lexer import RegexLexer
from pygments.lexers import get_lexer_by_name

from lexlab.inputs import prepared_input
from lexlab.rules import reachable_states


def fixed_form_statements(source) -> list:
    free = get_lexer_by_name("fortran", stripnl=False, ensurenl=False)
    statements = []
    for number, line in enumerate(prepared_input(source, "fortranfixed").splitlines(), 1):
        if re.match(r"[C*!#]", line, re.IGNORECASE) or len(line) < 6:
            continue
        pieces = [(str(t), v) for t, v in free.get_tokens(line[6:72]) if v]
        statements.append({"line": number, "label": line[:5].strip(), "continued": line[5] not in " 0",
                           "code": pieces, "ignored": line[72:]})
    return statements


def transition(change, lexer_cls) -> tuple:
    if not (isinstance(lexer_cls, type) and issubclass(lexer_cls, RegexLexer)):
        raise TypeError("a RegexLexer subclass is needed")
    states = lexer_cls.tokens
    names = change if isinstance(change, tuple) else (change,)
    for name in names:
        if not isinstance(name, str) or not (name in states or name == "#push" or re.fullmatch(r"#pop(:\d+)?", name)):
            raise ValueError(f"Pygments refuses the transition {change!r}")
    reachable = set()
    for name in names:
        if not name.startswith("#"):
            reachable.update(reachable_states(lexer_cls, name))
    return change, sorted(reachable)
