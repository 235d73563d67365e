"""Written from Pygments' public documentation only (and Robot Framework's
user guide: in test cases and keywords the first column holds the name, a
step is an optional `${var}=` assignment, then a keyword and its arguments,
Given/When/Then/And/But prefixes are ignored, `[Setting]` cells are settings,
a template turns steps into argument rows, `FOR ... IN ...` starts a loop);
the RobotFramework lexer highlights names as Generic.Subheading, keywords as
Name.Function, arguments as String, settings as Keyword.Namespace."""

import re

from robot_lint.rows import row_cells, row_tables

_GHERKIN = re.compile(r"^(Given|When|Then|And|But) ", re.I)
_TEST_SETTINGS = ("documentation", "tags", "setup", "teardown", "template", "timeout")
_KEYWORD_SETTINGS = ("documentation", "tags", "arguments", "return", "teardown", "timeout")


def read_rows(rows, table="testcases", template=None) -> list:
    if table not in ("testcases", "keywords"):
        raise ValueError(f"not a test-case or keyword table: {table!r}")
    known = _TEST_SETTINGS if table == "testcases" else _KEYWORD_SETTINGS
    result = []
    templated = template is not None and template.strip().upper() not in ("", "NONE")
    for cells in rows:
        pieces = []
        keyword_seen = False
        in_loop = False
        for index, value in enumerate(cells):
            if index == 0:
                pieces.append((value, "Token.Generic.Subheading"))
            elif value.startswith("[") and value.endswith("]") and index == 1:
                name = value[1:-1]
                ok = name.lower().replace(" ", "") in known
                pieces += [("[", "Token.Punctuation"), (name, "Token.Keyword.Namespace" if ok else "Token.Error"),
                           ("]", "Token.Punctuation")]
                keyword_seen = True
            elif index == 1 and value.upper() == "FOR":
                pieces.append((value, "Token.Punctuation"))
                in_loop = True
            elif in_loop:
                pieces.append((value, "Token.Punctuation"))
            elif templated and table == "testcases":
                pieces.append((value, "Token.Literal.String"))
            elif not keyword_seen and re.fullmatch(r"[$@&]\{.+\}\s*=?", value):
                pieces.append((value, "Token.Punctuation"))
            elif not keyword_seen:
                keyword_seen = True
                match = _GHERKIN.match(value)
                if match:
                    pieces += [(value[:match.end()], "Token.Generic.Emph"), (value[match.end():], "Token.Name.Function")]
                else:
                    pieces.append((value, "Token.Name.Function"))
            else:
                pieces.append((value, "Token.Literal.String"))
        result.append(pieces)
    return result


def _note(found, number, value, ttype):
    """Add one piece of a test-case or keyword table line to the outline entries in ``found``."""
    if ttype == "Token.Generic.Subheading":
        found.append((value, number, [], []))
    elif found and ttype == "Token.Name.Function":
        found[-1][2].append(value)
    elif found and ttype == "Token.Keyword.Namespace":
        found[-1][3].append(value)


def outline(text) -> list:
    found = []
    for number, (pieces, kind) in enumerate(zip(row_cells(text), row_tables(text)), 1):
        if kind not in ("testcases", "keywords"):
            continue
        for value, ttype in pieces:
            _note(found, number, value, ttype)
    return found
