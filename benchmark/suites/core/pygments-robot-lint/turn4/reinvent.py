"""Test-case and keyword rows of Robot Framework data, read as Pygments' Robot Framework highlighting reads them."""

from pygments.lexers.robotframework import ForLoop, GherkinTokenizer, KeywordTable, TestCaseTable, _Table
from pygments.token import Token

from robot_lint.rows import row_cells, row_tables

TABLES = {"testcases": TestCaseTable, "keywords": KeywordTable}


def _read_cell(reader, value, index):
    if index == 0:
        if value:
            reader._test_template = None
        return GherkinTokenizer().tokenize(value, Token.Generic.Subheading)
    if index == 1 and TestCaseTable._is_setting(reader, value):
        if isinstance(reader, KeywordTable):
            templated = KeywordTable._is_template(reader, value)
        else:
            templated = TestCaseTable._is_template(reader, value)
        if templated:
            reader._test_template = False
            reader._tokenizer = reader._setting_class(reader.set_test_template)
        else:
            reader._tokenizer = reader._setting_class()
    if index == 1 and TestCaseTable._is_for_loop(reader, value):
        reader._tokenizer = ForLoop()
    if index == 1 and _Table._is_empty(reader, value):
        return [(value, Token.Punctuation)]
    return _Table._tokenize(reader, value, index)


def read_rows(rows, table="testcases", template=None) -> list:
    """The (value, token type name) pieces of each row (a list of cells) of such a table, in order."""
    if table not in TABLES:
        raise ValueError(f"not a test-case or keyword table: {table!r}")
    reader = TABLES[table]()
    if template is not None:
        reader.set_default_template(template)
    result = []
    for cells in rows:
        pieces = []
        for index, value in enumerate(cells):
            got = _read_cell(reader, value, index)
            if not isinstance(got, list):
                got = [(value, got)]
            pieces.extend((piece, str(ttype)) for piece, ttype in got)
        reader.end_row()
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
    """(name, line, keywords called, settings used) for each test case and keyword of ``text``."""
    found = []
    for number, (pieces, kind) in enumerate(zip(row_cells(text), row_tables(text)), 1):
        if kind not in TABLES:
            continue
        for value, ttype in pieces:
            _note(found, number, value, ttype)
    return found
