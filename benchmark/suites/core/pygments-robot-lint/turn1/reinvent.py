"""Robot Framework test data read row by row, as Pygments' Robot Framework highlighting reads it."""

from pygments.lexers.robotframework import (KeywordTable, RowSplitter, RowTokenizer, SettingTable, TestCaseTable,
                                            UnknownTable, VariableTable)

TABLE_KINDS = {SettingTable: "settings", VariableTable: "variables",
               TestCaseTable: "testcases", KeywordTable: "keywords"}


def _visible(pieces) -> list:
    """The (value, token type name) pieces of a row, empty pieces and the row end left out."""
    return [(value, str(ttype)) for value, ttype in pieces[:-1] if value]


def _table_kind(table) -> str:
    return TABLE_KINDS.get(type(table), "unknown")


def _reader():
    reader = RowTokenizer.__new__(RowTokenizer)
    reader._table = UnknownTable()
    reader._splitter = RowSplitter()
    testcases = TestCaseTable()
    settings = SettingTable(testcases.set_default_template)
    variables = VariableTable()
    keywords = KeywordTable()
    reader._tables = {"settings": settings, "setting": settings, "metadata": settings,
                      "variables": variables, "variable": variables,
                      "testcases": testcases, "testcase": testcases, "tasks": testcases, "task": testcases,
                      "keywords": keywords, "keyword": keywords, "userkeywords": keywords, "userkeyword": keywords}
    return reader


def _read(reader, row) -> list:
    pieces = []
    commented = heading = False
    for index, value in enumerate(reader._splitter.split(row)):
        index, separator = divmod(index - 1, 2)
        if value.startswith("#"):
            commented = True
        elif index == 0 and value.startswith("*"):
            reader._table = RowTokenizer._start_table(reader, value)
            heading = True
        pieces.extend(RowTokenizer._tokenize(reader, value, index, commented, separator, heading))
    reader._table.end_row()
    return pieces


def row_cells(text) -> list:
    """Per line of ``text``: its pieces as the highlighting reads them."""
    reader = _reader()
    return [_visible(_read(reader, row)) for row in text.splitlines()]


def row_tables(text) -> list:
    """Per line of ``text``: the kind of table the line belongs to."""
    reader = _reader()
    kinds = []
    for row in text.splitlines():
        _read(reader, row)
        kinds.append(_table_kind(reader._table))
    return kinds
