import pytest

from doc_code.latex import document_escapes, escape_spans, escaped_tokens

CODE = """x = 1  # |\\\\alpha|
y = "|no|" + |\\\\beta|
z = |oops
"""

GUIDE = """```python
x = |\\\\pi|
```
```nosuch
|a|
```
```text
|b|
```
"""


def test_escapes_outside_comments_and_strings():
    assert escaped_tokens(CODE) == (
        [('Token.Name', 'x'),
         ('Token.Text', ' '),
         ('Token.Operator', '='),
         ('Token.Text', ' '),
         ('Token.Literal.Number.Integer', '1'),
         ('Token.Text', '  '),
         ('Token.Comment.Single', '# |\\\\alpha|'),
         ('Token.Text.Whitespace', '\n'),
         ('Token.Name', 'y'),
         ('Token.Text', ' '),
         ('Token.Operator', '='),
         ('Token.Text', ' '),
         ('Token.Literal.String.Double', '"|no|"'),
         ('Token.Text', ' '),
         ('Token.Operator', '+'),
         ('Token.Text', ' '),
         ('Token.Escape', '\\\\beta'),
         ('Token.Text.Whitespace', '\n'),
         ('Token.Name', 'z'),
         ('Token.Text', ' '),
         ('Token.Operator', '='),
         ('Token.Text', ' '),
         ('Token.Error', '|'),
         ('Token.Name', 'oops'),
         ('Token.Text.Whitespace', '\n')]
    )


def test_escape_spans():
    assert escape_spans(CODE) == [(33, '\\\\beta'), (45, None)]
    assert escape_spans("a = |x| + |y|\n") == [(5, 'x'), (11, 'y')]


def test_other_delimiters_and_languages():
    assert escape_spans("a(1); /* ~x~ */ ~y~;\n", "c", "~", "~") == [(17, 'y')]
    assert escaped_tokens("f(<$x$>)", "c", "<", ">") == [('Token.Name', 'f'), ('Token.Punctuation', '('), ('Token.Escape', '$x$'), ('Token.Punctuation', ')')]


def test_nothing_to_escape():
    assert escape_spans("print(1)\n") == []
    assert escaped_tokens("") == []
    assert escape_spans("s = '|a|'\n") == []


def test_stray_delimiters():
    assert escape_spans("a = |b\nc = |d|\n") == [(5, 'b\nc = '), (13, None)]
    assert escaped_tokens("|", "text") == [('Token.Error', '|')]


def test_bad_delimiters():
    with pytest.raises(ValueError):
        escape_spans("x", "python", "<<", ">>")
    with pytest.raises(ValueError):
        escaped_tokens("x", "python", "", "|")


def test_document_escapes_markdown():
    assert document_escapes(GUIDE) == [('python', [(5, '\\\\pi')]), ('text', [(1, 'b')])]


def test_document_escapes_rst_and_tiddlers():
    assert document_escapes(".. code-block:: python\n\n   # |c|\n   v = |\\\\gamma|\n\n", "rst") == [('python', [(17, '\\\\gamma')])]
    assert document_escapes("```sql\nSELECT |t| -- |c|\n```\n", "tiddlywiki") == [('sql', [(8, 't')])]


def test_document_escapes_other_delimiters():
    assert document_escapes(GUIDE, left="<", right=">") == []
    assert document_escapes("```c\nint a = <x>;\n```\n", left="<", right=">") == [('c', [(9, 'x')])]


def test_document_without_code():
    assert document_escapes("") == []
    assert document_escapes("text |x|", "rst") == []
