from doc_code.blocks import markdown_blocks, rst_blocks

README = """# Title

```python
x = 1
```

Some text.

  ```sh title=run

  ls -l
  ```
```nolang
abc
```
"""

GUIDE = """Guide
=====

.. code-block:: python

   def f():
       return 1

after

.. sourcecode:: nosuch

   a
    b

.. code:: python
   :linenos:

   x
"""


def test_a_python_fence():
    assert markdown_blocks("```python\nx = 1\n```\n") == (
        [('python',
          [('Token.Name', 'x'),
           ('Token.Text', ' '),
           ('Token.Operator', '='),
           ('Token.Text', ' '),
           ('Token.Literal.Number.Integer', '1'),
           ('Token.Text.Whitespace', '\n')])]
    )
    assert markdown_blocks("```py\nprint('hi')\n```\n") == (
        [('py',
          [('Token.Name.Builtin', 'print'),
           ('Token.Punctuation', '('),
           ('Token.Literal.String.Single', "'hi'"),
           ('Token.Punctuation', ')'),
           ('Token.Text.Whitespace', '\n')])]
    )


def test_several_fences():
    assert markdown_blocks(README) == (
        [('python',
          [('Token.Name', 'x'),
           ('Token.Text', ' '),
           ('Token.Operator', '='),
           ('Token.Text', ' '),
           ('Token.Literal.Number.Integer', '1'),
           ('Token.Text.Whitespace', '\n')]),
         ('sh',
          [('Token.Text.Whitespace', '\n  '),
           ('Token.Text', 'ls'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Text', '-l'),
           ('Token.Text.Whitespace', '\n')]),
         ('nolang', [('Token.Literal.String', 'abc\n')])]
    )


def test_fences_without_language_or_end():
    assert markdown_blocks("```\nx\n```\n") == []
    assert markdown_blocks("```python\nx = 1\n") == []
    assert markdown_blocks("") == []


def test_leading_blank_lines_and_tabs_in_code():
    assert markdown_blocks("```python\n\n\tpass\n```\n") == (
        [('python',
          [('Token.Text.Whitespace', '\n'),
           ('Token.Text', '\t'),
           ('Token.Keyword', 'pass'),
           ('Token.Text.Whitespace', '\n')])]
    )
    assert markdown_blocks("```json\n{}\n```\nbefore\n```json\n[1]\n```\n") == (
        [('json', [('Token.Punctuation', '{}'), ('Token.Text.Whitespace', '\n')]),
         ('json',
          [('Token.Punctuation', '['),
           ('Token.Literal.Number.Integer', '1'),
           ('Token.Punctuation', ']'),
           ('Token.Text.Whitespace', '\n')])]
    )


def test_unknown_language_is_one_string():
    assert markdown_blocks("```klingon\nqapla'\n```\n") == [('klingon', [('Token.Literal.String', "qapla'\n")])]
    assert markdown_blocks("```c++ extra words\nint x;\n```\n") == []
    assert markdown_blocks("```cpp {.numberLines}\nint x;\n```\n") == (
        [('cpp',
          [('Token.Keyword.Type', 'int'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Name', 'x'),
           ('Token.Punctuation', ';'),
           ('Token.Text.Whitespace', '\n')])]
    )


def test_rst_directives():
    assert rst_blocks(GUIDE) == (
        [('python',
          [('Token.Text', '   '),
           ('Token.Keyword', 'def'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Name.Function', 'f'),
           ('Token.Punctuation', '():'),
           ('Token.Text.Whitespace', '\n'),
           ('Token.Text', '       '),
           ('Token.Keyword', 'return'),
           ('Token.Text', ' '),
           ('Token.Literal.Number.Integer', '1'),
           ('Token.Text.Whitespace', '\n\n')]),
         ('nosuch', [('Token.Literal.String', '   a\n    b\n\n')])]
    )


def test_rst_spellings():
    assert rst_blocks(".. code:: bash\n\n  echo hi\n\n") == (
        [('bash',
          [('Token.Text', '  '),
           ('Token.Name.Builtin', 'echo'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Text', 'hi'),
           ('Token.Text.Whitespace', '\n\n')])]
    )
    assert rst_blocks("..  sourcecode:: sql \n\n    SELECT 1;\n\n") == (
        [('sql',
          [('Token.Text', '    '),
           ('Token.Keyword', 'SELECT'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Literal.Number.Integer', '1'),
           ('Token.Punctuation', ';'),
           ('Token.Text.Whitespace', '\n\n')])]
    )
    assert rst_blocks(".. code:: bash\n\n  echo hi\n") == []


def test_rst_blank_lines_inside():
    assert rst_blocks(".. code-block:: python\n\n   a = 1\n\n   b = 2\n\ntext\n") == (
        [('python',
          [('Token.Text', '   '),
           ('Token.Name', 'a'),
           ('Token.Text', ' '),
           ('Token.Operator', '='),
           ('Token.Text', ' '),
           ('Token.Literal.Number.Integer', '1'),
           ('Token.Text.Whitespace', '\n\n'),
           ('Token.Text', '   '),
           ('Token.Name', 'b'),
           ('Token.Text', ' '),
           ('Token.Operator', '='),
           ('Token.Text', ' '),
           ('Token.Literal.Number.Integer', '2'),
           ('Token.Text.Whitespace', '\n\n')])]
    )


def test_rst_not_code():
    assert rst_blocks(".. note:: python\n\n   x\n") == []
    assert rst_blocks(".. code-block:: python\n   :caption: c\n\n   x\n") == []
    assert rst_blocks("") == []


def test_rst_unknown_language():
    assert rst_blocks(".. code-block:: nosuch\n\n   a\n    b\n") == [('nosuch', [('Token.Literal.String', '   a\n    b\n')])]
