"""Written from Pygments' public documentation only (and Robot Framework's
user guide: the Setting table takes Library, Resource and Variables imports,
Suite/Test/Task Setup, Teardown and Template (their value is a keyword),
Documentation, Metadata, Force/Default/Test Tags and Test/Task Timeout; test
cases take [Documentation], [Tags], [Setup], [Teardown], [Template],
[Timeout]; keywords [Documentation], [Tags], [Arguments], [Return],
[Teardown], [Timeout]; a Test Template of NONE or empty sets none); rows and
tables come from turn 1."""

from robot_lint.rows import row_cells, row_tables

_SUITE = {"keyword": ("suitesetup", "suiteteardown", "testsetup", "testteardown", "tasksetup", "taskteardown",
                      "testtemplate", "tasktemplate"),
          "import": ("library", "resource", "variables"),
          "other": ("documentation", "metadata", "forcetags", "defaulttags", "testtags", "testtimeout", "tasktimeout")}
_TESTS = {"keyword": ("setup", "teardown", "template"), "import": (), "other": ("documentation", "tags", "timeout")}
_KEYWORDS = {"keyword": ("teardown",), "import": (), "other": ("documentation", "tags", "arguments", "return", "timeout")}


def setting_kind(name, table="settings") -> str:
    tables = {"settings": _SUITE, "testcases": _TESTS, "keywords": _KEYWORDS}
    if table not in tables:
        raise ValueError(f"no settings in a {table!r} table")
    normalized = name.lower().replace(" ", "")
    for kind, names in tables[table].items():
        if normalized in names:
            return kind
    return "error"


def template_settings(text) -> list:
    found = []
    for number, (pieces, kind) in enumerate(zip(row_cells(text), row_tables(text)), 1):
        if kind != "settings":
            continue
        cells = [value for value, ttype in pieces if ttype != "Token.Punctuation"]
        if len(cells) >= 2 and cells[0].lower().replace(" ", "") in ("testtemplate", "tasktemplate"):
            found.append((number, cells[1], cells[1].strip().upper() not in ("", "NONE", "\\", "${EMPTY}")))
    return found
