"""Robot Framework test data read row by row, as Pygments' Robot Framework highlighting reads it."""

from pygments.lexers.robotframework import KeywordTable, RowTokenizer, SettingTable, TestCaseTable, VariableTable

TABLE_KINDS = {SettingTable: "settings", VariableTable: "variables",
               TestCaseTable: "testcases", KeywordTable: "keywords"}


def _visible(pieces) -> list:
    """The (value, token type name) pieces of a row, empty pieces and the row end left out."""
    return [(value, str(ttype)) for value, ttype in pieces[:-1] if value]


def _table_kind(table) -> str:
    return TABLE_KINDS.get(type(table), "unknown")


def row_cells(text) -> list:
    """Per line of ``text``: its pieces as the highlighting reads them."""
    reader = RowTokenizer()
    return [_visible(list(reader.tokenize(row))) for row in text.splitlines()]


def row_tables(text) -> list:
    """Per line of ``text``: the kind of table the line belongs to."""
    reader = RowTokenizer()
    kinds = []
    for row in text.splitlines():
        for _ in reader.tokenize(row):
            pass
        kinds.append(_table_kind(reader._table))
    return kinds
