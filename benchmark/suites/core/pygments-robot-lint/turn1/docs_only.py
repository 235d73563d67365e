"""Written from Pygments' public documentation only: the RobotFramework lexer
(robotframework) "supports both space and pipe separated plain text formats";
Robot Framework's user guide: tables start with a `*** Settings ***`,
`*** Variables ***`, `*** Test Cases ***`, `*** Tasks ***` or
`*** Keywords ***` heading, cells are separated by two or more spaces or by
` | `, and `#` starts a comment."""

import re

from pygments.lexers import get_lexer_by_name

_HEADINGS = {"settings": "settings", "setting": "settings", "variables": "variables", "variable": "variables",
             "testcases": "testcases", "testcase": "testcases", "tasks": "testcases", "task": "testcases",
             "keywords": "keywords", "keyword": "keywords"}


def row_cells(text) -> list:
    lexer = get_lexer_by_name("robotframework")
    rows = [[]]
    for ttype, value in lexer.get_tokens(text):
        parts = value.split("\n")
        for i, part in enumerate(parts):
            if i:
                rows.append([])
            if part:
                rows[-1].append((part, str(ttype)))
    return rows[:len(text.splitlines())]


def row_tables(text) -> list:
    kind = "unknown"
    kinds = []
    for row in text.splitlines():
        match = re.match(r"^\*+\s*([A-Za-z ]+?)\s*\*+", row)
        if match:
            kind = _HEADINGS.get(match.group(1).lower().replace(" ", ""), "unknown")
        kinds.append(kind)
    return kinds
