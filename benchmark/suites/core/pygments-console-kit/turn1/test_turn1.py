import pytest
from pygments.style import Style
from pygments.token import Comment, Keyword, Name, String, Token

from console_kit.escapes import escape_table, paint


class Loud(Style):
    styles = {
        Keyword: "bold ansibrightred",
        Name: "bg:ansiblue #ff0000",
        String: "underline italic #123456",
        Comment: "#5f8787 bg:#d0d0d0",
    }


def test_default_style_keywords_and_comments():
    assert escape_table()["Token.Keyword"] == ('\x1b[38;5;28;01m', '\x1b[39;00m')
    assert escape_table()["Token.Comment"] == ('\x1b[38;5;66;03m', '\x1b[39;00m')
    assert escape_table()["Token.Name.Function"] == ('\x1b[38;5;21m', '\x1b[39m')
    assert len(escape_table()) == 67


def test_truecolor_default_and_monokai():
    assert escape_table(truecolor=True)["Token.Keyword"] == ('\x1b[38;2;0;128;0;01m', '\x1b[39;00m')
    assert escape_table("monokai", truecolor=True)["Token.Name.Function"] == ('\x1b[38;2;166;226;46m', '\x1b[39m')
    assert ("Token.Text" in escape_table("monokai")) == True


def test_ansi_names_in_a_style():
    assert escape_table(Loud)["Token.Keyword"] == ('\x1b[91;01m', '\x1b[39;00m')
    assert escape_table(Loud)["Token.Name.Builtin"] == ('\x1b[38;5;9;44m', '\x1b[39;49m')
    assert escape_table(Loud, truecolor=True)["Token.Name"] == ('\x1b[38;2;255;0;0;48;2;0;0;127m', '\x1b[39;49m')


def test_nearest_palette_entry():
    assert escape_table(Loud)["Token.Literal.String.Doc"] == ('\x1b[38;5;23;04;03m', '\x1b[39;00m')
    assert escape_table(Loud)["Token.Comment"] == ('\x1b[38;5;66;48;5;252m', '\x1b[39;49m')
    assert escape_table(Loud, truecolor=True)["Token.Comment.Single"] == ('\x1b[38;2;95;135;135;48;2;208;208;208m', '\x1b[39;49m')


def test_attributes_switched_off():
    assert escape_table(Loud, bold=False)["Token.Keyword"] == ('\x1b[91m', '\x1b[39m')
    assert escape_table(Loud, underline=False, italic=False)["Token.Literal.String"] == ('\x1b[38;5;23m', '\x1b[39m')
    assert escape_table("default", bold=False, italic=False)["Token.Comment"] == ('\x1b[38;5;66m', '\x1b[39m')


def test_unstyled_types_are_left_out():
    assert ("Token.Text" in escape_table(Loud)) == False
    assert ("Token.Operator" in escape_table(Loud)) == False
    assert sorted(escape_table(Loud))[:3] == ['Token.Comment', 'Token.Comment.Hashbang', 'Token.Comment.Multiline']


def test_paint_walks_up_to_an_ancestor():
    assert paint([(Keyword.Constant, "None")], Loud) == '\x1b[91;01mNone\x1b[39;00m'
    assert paint([("Token.Name.Function", "f"), (Token.Text, " "), (Token.Operator, "=")], Loud) == '\x1b[38;5;9;44mf\x1b[39;49m ='


def test_paint_keeps_newlines_outside():
    assert paint([(String, "a\nb\n")], Loud) == '\x1b[38;5;23;04;03ma\x1b[39;00m\n\x1b[38;5;23;04;03mb\x1b[39;00m\n'
    assert paint([(String, "\n\nx")], Loud, truecolor=True) == '\n\n\x1b[38;2;18;52;86;04;03mx\x1b[39;00m'
    assert paint([(Comment.Single, "# c")], "default") == '\x1b[38;5;66;03m# c\x1b[39;00m'


def test_paint_with_nothing():
    assert paint([]) == ''
    assert paint([(Token.Text, "plain\n")], "default") == 'plain\n'
    assert paint([(Token.Error, "$")], "default") == '$'


def test_paint_a_lexed_line():
    assert paint([(Keyword, "def"), (Token.Text, " "), (Name.Function, "f"), (Token.Punctuation, "():"), (Token.Text, "\n")]) == '\x1b[38;5;28;01mdef\x1b[39;00m \x1b[38;5;21mf\x1b[39m():\n'
