from lexlab.inputs import prepared_input, x_headers

HEADERS = """From: a@b
X-Mailer: Foo 1.0
X-Spam-Score: 2.5
  (folded)
Subject: hi
x-lower: no
"""


def test_newlines_stripped_and_normalised():
    assert prepared_input("\n\na\tb\r\nc\r\n\n") == 'a\tb\nc\n'
    assert prepared_input("a\rb") == 'a\nb\n'
    assert prepared_input("") == '\n'


def test_options_that_keep_the_text():
    assert prepared_input("\n\na\tb\r\nc\r\n\n", stripnl=False, tabsize=4) == '\n\na   b\nc\n\n'
    assert prepared_input("x", ensurenl=False) == 'x'
    assert prepared_input("  x  ", stripall=True) == 'x\n'


def test_byte_order_marks():
    assert prepared_input("\ufeffx") == 'x\n'
    assert prepared_input(b"\xef\xbb\xbfx\r") == '\ufeffx\n'
    assert prepared_input(b"\xef\xbb\xbfx", encoding="utf-8") == 'x\n'


def test_decoding_bytes():
    assert prepared_input(b"caf\xc3\xa9") == 'café\n'
    assert prepared_input(b"caf\xe9", encoding="latin-1") == 'café\n'


def test_lexers_with_options_of_their_own():
    assert prepared_input("a\tb", "python") == 'a\tb\n'
    assert prepared_input("\n  x\n", "python", stripall=True) == 'x\n'
    assert prepared_input("a\tb\r\n", "Makefile.am") == 'a\tb\n'
    assert prepared_input("\n\nx", "notes.txt", stripnl=False) == '\n\nx\n'


def test_x_headers_lowlighted():
    assert x_headers(HEADERS) == (
        [('X-Mailer:', [('Token.Comment.Special', 'X-Mailer:'), ('Token.Comment.Multiline', ' Foo 1.0\n')]),
         ('X-Spam-Score:',
          [('Token.Comment.Special', 'X-Spam-Score:'), ('Token.Comment.Multiline', ' 2.5\n  (folded)\n')])]
    )


def test_x_headers_highlighted():
    assert x_headers(HEADERS, highlight=True) == (
        [('X-Mailer:',
          [('Token.Name.Tag', 'X-Mailer:'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Text', 'Foo'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Text', '1.0'),
           ('Token.Text.Whitespace', '\n')]),
         ('X-Spam-Score:',
          [('Token.Name.Tag', 'X-Spam-Score:'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Text', '2.5'),
           ('Token.Text.Whitespace', '\n  '),
           ('Token.Text', '(folded)'),
           ('Token.Text.Whitespace', '\n')])]
    )


def test_headers_that_are_not_x_headers():
    assert x_headers("From: a\nSubject: X-Files\n") == []
    assert x_headers("") == []
    assert x_headers("X-Broken\n") == []


def test_x400_and_lowercase():
    assert x_headers("X400-Received: yes\nx-lower: no\nX-ok: 1\n") == [('X-ok:', [('Token.Comment.Special', 'X-ok:'), ('Token.Comment.Multiline', ' 1\n')])]


def test_folded_values_highlighted():
    assert x_headers("X-List: a,\n\tb\nX-Id: <id@host>\n", True) == (
        [('X-List:',
          [('Token.Name.Tag', 'X-List:'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Text', 'a,'),
           ('Token.Text.Whitespace', '\n\t'),
           ('Token.Text', 'b'),
           ('Token.Text.Whitespace', '\n')]),
         ('X-Id:',
          [('Token.Name.Tag', 'X-Id:'),
           ('Token.Text.Whitespace', ' '),
           ('Token.Name.Label', '<id@host>'),
           ('Token.Text.Whitespace', '\n')])]
    )
