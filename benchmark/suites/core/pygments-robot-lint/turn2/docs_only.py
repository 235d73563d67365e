"""Written from Pygments' public documentation only (and Robot Framework's
user guide: scalar ${x}, list @{x}, dictionary &{x} and environment %{x}
variables, items as @{x}[i] or &{x}[key], a backslash escapes); the
RobotFramework lexer highlights variables as Name.Variable; rows and tables
come from turn 1."""

import re

from pygments.lexers import get_lexer_by_name

from robot_lint.rows import row_cells, row_tables

_VARIABLE = re.compile(r"(?<!\\)([$@&%])\{([^{}]*)\}(?:\[([^\]]*)\])?")


def find_variables(cell, identifiers="$@&%") -> list:
    found = []
    for match in _VARIABLE.finditer(cell):
        if match.group(1) not in identifiers:
            continue
        found.append({"identifier": match.group(1), "base": match.group(2), "index": match.group(3),
                      "start": match.start(), "end": match.end()})
    return found


def robot_tokens(text) -> list:
    pieces = []
    for ttype, value in get_lexer_by_name("robotframework", stripnl=False, ensurenl=False).get_tokens(text):
        if pieces and pieces[-1][0] == str(ttype):
            pieces[-1] = (str(ttype), pieces[-1][1] + value)
        elif value:
            pieces.append((str(ttype), value))
    return pieces


def variable_uses(text) -> dict:
    uses = {}
    for number, (cells, table) in enumerate(zip(row_cells(text), row_tables(text)), 1):
        if table == "unknown":
            continue
        for value, ttype in cells:
            if ttype == "Token.Comment":
                continue
            for variable in find_variables(value):
                lines = uses.setdefault(value[variable["start"]:variable["end"]], [])
                if number not in lines:
                    lines.append(number)
    return dict(sorted(uses.items()))
