import pytest

from doc_code.wiki import code_text, languages, tiddler_code

TIDDLER = """title: Demo

! Heading

<style>
.a { color: red; }
</style>

```python
x = 1
```

```nosuch
abc
```
"""


def test_style_and_code_blocks_in_page_order():
    assert tiddler_code(TIDDLER) == (
        [('css',
          [('Token.Punctuation', '.'),
           ('Token.Name.Class', 'a'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Punctuation', '{'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Keyword', 'color'),
           ('Token.Punctuation', ':'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Keyword.Constant', 'red'),
           ('Token.Punctuation', ';'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Punctuation', '}'),
           ('Token.Text.Whitespace', '\n')]),
         ('python',
          [('Token.Name', 'x'),
           ('Token.Text', ' '),
           ('Token.Operator', '='),
           ('Token.Text', ' '),
           ('Token.Literal.Number.Integer', '1'),
           ('Token.Text.Whitespace', '\n')]),
         ('nosuch', [('Token.Literal.String', 'abc\n')])]
    )


def test_fences_the_tiddler_does_not_highlight():
    assert tiddler_code("```\nplain\n```\n") == []
    assert tiddler_code("```c++\nint x;\n```\n") == []
    assert tiddler_code("```python\nx\n``` \n") == []


def test_raw_content():
    assert tiddler_code("```python\n\nx\n```\n") == [('python', [('Token.Text.Whitespace', '\n'), ('Token.Name', 'x'), ('Token.Text.Whitespace', '\n')])]
    assert tiddler_code("<style>\n\n</style>\n") == [('css', [('Token.Text.Whitespace', '\n')])]
    assert tiddler_code("<style >\nb {}\n</style>\n") == []


def test_style_before_code():
    assert ([language for language, _ in tiddler_code("```js\nx\n```\n<style>\np {}\n</style>\n```sql\nSELECT 1\n```\n")]) == ['js', 'css', 'sql']


def test_code_text_of_each_kind():
    assert code_text(TIDDLER, "tiddlywiki") == [('css', '.a { color: red; }\n'), ('python', 'x = 1\n'), ('nosuch', 'abc\n')]
    assert code_text("```py\nx = 1\n```\n") == [('py', 'x = 1\n')]
    assert code_text(".. code-block:: python\n\n   a = 1\n   b = 2\n\n", "rst") == [('python', '   a = 1\n   b = 2\n\n')]


def test_code_text_of_nothing():
    assert code_text("", "tiddlywiki") == []
    assert code_text("text only") == []
    with pytest.raises(ValueError):
        code_text("x", "wiki")


def test_languages_of_a_tiddler():
    assert languages(TIDDLER, "tiddlywiki") == {'highlighted': ['css', 'python'], 'plain': ['nosuch']}
    assert languages("<style>\nb {}\n</style>\n", "tiddlywiki") == {'highlighted': ['css'], 'plain': []}


def test_languages_of_other_documents():
    assert languages("```python\nx\n```\n```klingon\nq\n```\n") == {'highlighted': ['python'], 'plain': ['klingon']}
    assert languages(".. code-block:: nosuch\n\n   y\n\n", "rst") == {'highlighted': [], 'plain': ['nosuch']}
    with pytest.raises(ValueError):
        languages("x", "wiki")


def test_rst_code_keeps_its_indentation():
    assert code_text(".. code-block:: python\n\n    if x:\n        y()\n\n", "rst") == [('python', '    if x:\n        y()\n\n')]


def test_markdown_code_of_indented_fences():
    assert code_text("  ```sh\n  ls\n  ```\n") == [('sh', '  ls\n')]
