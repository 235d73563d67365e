"""Fixed-form Fortran statements and rule transitions, as Pygments' lexers treat them."""

import re

from pygments.lexer import RegexLexer
from pygments.lexers.fortran import FortranFixedLexer

from lexlab.inputs import prepared_input
from lexlab.rules import reachable_states

WHOLE = re.compile(r".*")


def fixed_form_statements(source) -> list:
    """For each statement line of fixed-form Fortran: its label, continuation mark, code pieces and ignored tail."""
    lexer = FortranFixedLexer()
    statements = []
    for number, line in enumerate(prepared_input(source, "fortranfixed").splitlines(), 1):
        if re.match(r"[C*#]| {0,4}!", line, re.IGNORECASE) or len(line) < 6:
            continue
        code, tail = line[6:72], line[72:]
        pieces = [(str(ttype), value) for _, ttype, value in lexer._lex_fortran(WHOLE.match(code))]
        statements.append({"line": number, "label": line[:5].strip(), "continued": line[5] not in " 0",
                           "code": pieces, "ignored": tail})
    return statements


def transition(change, lexer_cls) -> tuple:
    """(how Pygments stores the transition ``change`` of a rule of ``lexer_cls``, states reachable after it)."""
    if not (isinstance(lexer_cls, type) and issubclass(lexer_cls, RegexLexer)):
        raise TypeError("a RegexLexer subclass is needed")
    lexer_cls()
    try:
        stored = lexer_cls._process_new_state(change, lexer_cls.get_tokendefs(), {})
    except AssertionError as err:
        raise ValueError(f"Pygments refuses the transition {change!r}") from err
    names = stored if isinstance(stored, tuple) else ()
    reachable = set()
    for name in names:
        if not name.startswith("#") and not name.startswith("_tmp"):
            reachable.update(reachable_states(lexer_cls, name))
    return stored, sorted(reachable)
