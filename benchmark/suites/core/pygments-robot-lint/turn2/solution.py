"""Variables in Robot Framework data, found as Pygments' Robot Framework highlighting finds them."""

from pygments.lexers.robotframework import RobotFrameworkLexer, VariableSplitter
from pygments.token import Token

from robot_lint.rows import row_cells, row_tables


def find_variables(cell, identifiers="$@&%") -> list:
    """Each variable written in ``cell``, left to right: identifier, base, index, start, end."""
    found = []
    offset = 0
    while offset < len(cell):
        splitter = VariableSplitter("", identifiers)
        try:
            splitter._split(cell[offset:])
        except ValueError:
            break
        splitter._finalize()
        found.append({"identifier": splitter.identifier, "base": splitter.base, "index": splitter.index,
                      "start": offset + splitter.start, "end": offset + splitter.end})
        offset += splitter.end
    return found


def robot_tokens(text) -> list:
    """``text`` as the highlighting tokenizes it: (token type name, text), like types merged."""
    pieces = []
    for _, ttype, value in RobotFrameworkLexer().get_tokens_unprocessed(text):
        if pieces and pieces[-1][0] == str(ttype):
            pieces[-1] = (str(ttype), pieces[-1][1] + value)
        elif value:
            pieces.append((str(ttype), value))
    return pieces


def variable_uses(text) -> dict:
    """{variable as written: line numbers} for the variables in the cells of known tables."""
    uses = {}
    for number, (cells, table) in enumerate(zip(row_cells(text), row_tables(text)), 1):
        if table == "unknown":
            continue
        for value, ttype in cells:
            if ttype == str(Token.Comment):
                continue
            for variable in find_variables(value):
                written = value[variable["start"]:variable["end"]]
                lines = uses.setdefault(written, [])
                if number not in lines:
                    lines.append(number)
    return dict(sorted(uses.items()))
