import pytest

from doc_code.literate import block_languages, literate_tokens

BIRD = """Intro text.

> main = print 1
>  -- hi

End.
"""

LATEX = """\\section{A}
\\begin{code}
main = 1
\\end{code}
Done.
"""


def test_bird_tracks():
    assert literate_tokens(BIRD) == (
        [('Token.Text', 'Intro text.\n\n'),
         ('Token.Comment.Special', '> '),
         ('Token.Name.Function', 'main'),
         ('Token.Text.Whitespace', ' '),
         ('Token.Operator.Word', '='),
         ('Token.Text.Whitespace', ' '),
         ('Token.Name', 'print'),
         ('Token.Text.Whitespace', ' '),
         ('Token.Literal.Number.Integer', '1'),
         ('Token.Text.Whitespace', '\n'),
         ('Token.Comment.Special', '>  '),
         ('Token.Comment.Single', '-- hi'),
         ('Token.Text.Whitespace', '\n'),
         ('Token.Text', '\nEnd.\n')]
    )


def test_latex_style():
    assert literate_tokens(LATEX) == (
        [('Token.Keyword', '\\section'),
         ('Token.Name.Builtin', '{'),
         ('Token.Text', 'A'),
         ('Token.Name.Builtin', '}'),
         ('Token.Text', '\n'),
         ('Token.Keyword', '\\begin'),
         ('Token.Name.Builtin', '{'),
         ('Token.Text', 'code'),
         ('Token.Name.Builtin', '}'),
         ('Token.Text', '\n'),
         ('Token.Name.Function', 'main'),
         ('Token.Text.Whitespace', ' '),
         ('Token.Operator.Word', '='),
         ('Token.Text.Whitespace', ' '),
         ('Token.Literal.Number.Integer', '1'),
         ('Token.Text.Whitespace', '\n'),
         ('Token.Keyword', '\\end'),
         ('Token.Name.Builtin', '{'),
         ('Token.Text', 'code'),
         ('Token.Name.Builtin', '}'),
         ('Token.Text', '\nDone.\n')]
    )


def test_style_is_guessed_from_the_first_character():
    assert literate_tokens("% c\n> x\n") == [('Token.Comment', '% c\n'), ('Token.Text', '> x\n')]
    assert literate_tokens("% c\n> x\n", litstyle="bird") == (
        [('Token.Text', '% c\n'),
         ('Token.Comment.Special', '> '),
         ('Token.Name.Function', 'x'),
         ('Token.Text.Whitespace', '\n')]
    )
    assert literate_tokens("  \n") == [('Token.Text', '  \n')]
    assert literate_tokens("") == []


def test_other_languages():
    assert literate_tokens("> x = 1\n", "agda") == [('Token.Text', '> x = 1\n')]
    assert literate_tokens("> x = 1\n", "agda", "bird") == (
        [('Token.Comment.Special', '> '),
         ('Token.Text', 'x'),
         ('Token.Text.Whitespace', ' '),
         ('Token.Operator.Word', '='),
         ('Token.Text.Whitespace', ' '),
         ('Token.Literal.Number.Integer', '1'),
         ('Token.Text.Whitespace', '\n')]
    )
    assert literate_tokens("> f : Nat\n", "idris") == (
        [('Token.Comment.Special', '> '),
         ('Token.Name.Function', 'f'),
         ('Token.Text.Whitespace', ' '),
         ('Token.Operator.Word', ':'),
         ('Token.Text.Whitespace', ' '),
         ('Token.Keyword.Type', 'Nat'),
         ('Token.Text.Whitespace', '\n')]
    )


def test_unknown_language_or_style():
    with pytest.raises(ValueError):
        literate_tokens("> x\n", "ocaml")
    with pytest.raises(ValueError):
        literate_tokens("> x\n", litstyle="markdown")


def test_a_line_without_newline():
    assert literate_tokens("> x = 1") == []
    assert literate_tokens("text\n>y") == [('Token.Text', 'text\n')]


def test_markdown_languages():
    assert block_languages("```python\nx\n```\n```klingon\nq\n```\n") == {'highlighted': ['python'], 'plain': ['klingon']}
    assert block_languages("```text\nplain\n```\n```c++\nint\n```\n") == {'highlighted': ['text'], 'plain': []}


def test_rst_languages():
    assert block_languages(".. code-block:: python\n\n   x = 1\n\n.. code-block:: nosuch\n\n   y\n\n", "rst") == {'highlighted': ['python'], 'plain': ['nosuch']}
    assert block_languages(".. code:: text\n\n   words\n\n", "rst") == {'highlighted': ['text'], 'plain': []}


def test_empty_documents():
    assert block_languages("") == {'highlighted': [], 'plain': []}
    assert block_languages("no code", "rst") == {'highlighted': [], 'plain': []}


def test_unknown_kind():
    with pytest.raises(ValueError):
        block_languages("x", "asciidoc")
