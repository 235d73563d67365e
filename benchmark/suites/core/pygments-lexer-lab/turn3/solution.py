"""What a lexer really reads, and the X- headers of e-mail, as Pygments handles them."""

import re

from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.lexers.email import EmailHeaderLexer

from lexlab.rules import state_rules


def prepared_input(text, lexer="text", **options) -> str:
    """The text the lexer ``lexer`` (a name, or a file name) lexes for ``text`` (str or bytes) once its options are applied."""
    if "." in lexer:
        chosen = get_lexer_for_filename(lexer, **options)
    else:
        chosen = get_lexer_by_name(lexer, **options)
    return chosen._preprocess_lexer_input(text)


def x_headers(headers, highlight=False) -> list:
    """(field, pieces) for each X- header of e-mail ``headers``, as Pygments' e-mail highlighting gives it."""
    pattern = next(rule[0] for rule in state_rules(EmailHeaderLexer) if rule[1] == "get_x_header_tokens")
    lexer = EmailHeaderLexer(**{"highlight-X-header": highlight})
    found = []
    for match in re.compile(pattern, EmailHeaderLexer.flags).finditer(headers):
        pieces = []
        for _, ttype, value in lexer.get_x_header_tokens(match):
            if pieces and pieces[-1][0] == str(ttype):
                pieces[-1] = (str(ttype), pieces[-1][1] + value)
            elif value:
                pieces.append((str(ttype), value))
        found.append((match.group(1), pieces))
    return found
