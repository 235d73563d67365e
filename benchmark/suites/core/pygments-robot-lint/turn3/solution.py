"""Settings of Robot Framework data, classified as Pygments' Robot Framework highlighting classifies them."""

from pygments.lexers.robotframework import (ERROR, ImportSetting, KeywordCall, KeywordSetting, Setting,
                                            SettingTable, TestCaseSetting, TestCaseTable)

from robot_lint.rows import row_cells, row_tables

SETTING_CLASSES = {"settings": Setting, "testcases": TestCaseSetting, "keywords": KeywordSetting}


def setting_kind(name, table="settings") -> str:
    """"keyword", "import", "other" or "error": how a setting name is read in that kind of table."""
    if table not in SETTING_CLASSES:
        raise ValueError(f"no settings in a {table!r} table")
    reader = SETTING_CLASSES[table]()
    if Setting._tokenize(reader, name, 0) is ERROR:
        return "error"
    if isinstance(reader._custom_tokenizer, KeywordCall):
        return "keyword"
    if isinstance(reader._custom_tokenizer, ImportSetting):
        return "import"
    return "other"


def template_settings(text) -> list:
    """(line number, value, whether it sets a template) for each line of the settings that records a test template."""
    found = []
    tests = TestCaseTable()
    recorded = []
    table = SettingTable(recorded.append)
    for number, (pieces, kind) in enumerate(zip(row_cells(text), row_tables(text)), 1):
        if kind != "settings":
            continue
        cells = [value for value, ttype in pieces if ttype != "Token.Punctuation"]
        del recorded[:]
        for index, value in enumerate(cells[:2]):
            table._tokenize(value, index)
        table.end_row()
        if recorded:
            tests.set_default_template(recorded[0])
            found.append((number, recorded[0], bool(tests._default_template)))
    return found
