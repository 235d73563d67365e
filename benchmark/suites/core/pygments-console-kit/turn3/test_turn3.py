from pygments.style import Style
from pygments.token import Keyword

from console_kit.psql import body_tokens, render_psql


class Plain(Style):
    styles = {Keyword: "bold #ff0000"}

SESSION = """$ psql db
Welcome
db=# SELECT 1;
 n
---
 1
(1 row)

db=# SELEC 1;
ERROR:  syntax error
"""


def test_language_named_after_the_body():
    assert body_tokens("CREATE FUNCTION f() RETURNS int AS $$ return 1 $$ LANGUAGE plpython3u;") == (
        [[('Token.Text', ' '),
          ('Token.Keyword', 'return'),
          ('Token.Text', ' '),
          ('Token.Literal.Number.Integer', '1'),
          ('Token.Text', ' ')]]
    )
    assert body_tokens("CREATE FUNCTION f() RETURNS int AS $$ 1 $$ LANGUAGE 'plperl';") == [[('Token.Text.Whitespace', ' '), ('Token.Literal.Number.Integer', '1'), ('Token.Text.Whitespace', ' ')]]


def test_language_named_before_the_body():
    assert body_tokens("CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;") == (
        [[('Token.Text.Whitespace', ' '),
          ('Token.Keyword', 'SELECT'),
          ('Token.Text.Whitespace', ' '),
          ('Token.Literal.Number.Float', '1'),
          ('Token.Text.Whitespace', ' ')]]
    )
    assert body_tokens("CREATE FUNCTION h() RETURNS text LANGUAGE plpgsql IMMUTABLE AS $fn$BEGIN RETURN 1; END$fn$;") == (
        [[('Token.Keyword', 'BEGIN'),
          ('Token.Text.Whitespace', ' '),
          ('Token.Keyword', 'RETURN'),
          ('Token.Text.Whitespace', ' '),
          ('Token.Literal.Number.Float', '1'),
          ('Token.Punctuation', ';'),
          ('Token.Text.Whitespace', ' '),
          ('Token.Keyword', 'END')]]
    )


def test_anonymous_blocks():
    assert body_tokens("DO $$BEGIN NULL; END$$;") == (
        [[('Token.Keyword', 'BEGIN'),
          ('Token.Text.Whitespace', ' '),
          ('Token.Keyword', 'NULL'),
          ('Token.Punctuation', ';'),
          ('Token.Text.Whitespace', ' '),
          ('Token.Keyword', 'END')]]
    )
    assert body_tokens("DO LANGUAGE plpythonu $$x = 1$$;") == (
        [[('Token.Name', 'x'),
          ('Token.Text', ' '),
          ('Token.Operator', '='),
          ('Token.Text', ' '),
          ('Token.Literal.Number.Integer', '1')]]
    )


def test_plain_strings_and_unknown_languages():
    assert body_tokens("SELECT $tag$it's$tag$;") == [[('Token.Literal.String', "it's")]]
    assert body_tokens("CREATE FUNCTION g() RETURNS int LANGUAGE xyz AS $$ 1 $$;") == [[('Token.Literal.String', ' 1 ')]]
    assert body_tokens("SELECT 1;") == []


def test_several_bodies():
    assert body_tokens("SELECT $a$x$a$, $$y$$;\nDO $$BEGIN END$$;") == (
        [[('Token.Literal.String', 'x')],
         [('Token.Literal.String', 'y')],
         [('Token.Keyword', 'BEGIN'), ('Token.Text.Whitespace', ' '), ('Token.Keyword', 'END')]]
    )


def test_language_too_far_away():
    assert body_tokens("CREATE FUNCTION f() RETURNS int AS $$ 1 $$" + " " * 100 + "LANGUAGE plpgsql;") == [[('Token.Literal.String', ' 1 ')]]


def test_psql_session_with_shell_lines():
    assert render_psql(SESSION) == (
        ('\x1b[38;5;18;01m$ \x1b[39;00mpsql\x1b[38;5;250m \x1b[39mdb\n'
         '\x1b[38;5;242mWelcome\x1b[39m\n'
         '\x1b[38;5;18;01mdb=#\x1b[39;00m\x1b[38;5;250m \x1b[39m\x1b[38;5;28;01mSELECT\x1b[39;00m\x1b[38;5;250m '
         '\x1b[39m\x1b[38;5;241m1\x1b[39m;\n'
         '\x1b[38;5;242m n\x1b[39m\n'
         '\x1b[38;5;242m---\x1b[39m\n'
         '\x1b[38;5;242m 1\x1b[39m\n'
         '\x1b[38;5;242m(1 row)\x1b[39m\n'
         '\n'
         '\x1b[38;5;18;01mdb=#\x1b[39;00m\x1b[38;5;250m \x1b[39mSELEC\x1b[38;5;250m '
         '\x1b[39m\x1b[38;5;241m1\x1b[39m;\n'
         '\x1b[01mERROR:\x1b[00m\x1b[38;5;160m  syntax error\x1b[39m\n')
    )


def test_psql_without_output():
    assert render_psql(SESSION, output=False) == (
        ('\x1b[38;5;18;01m$ \x1b[39;00mpsql\x1b[38;5;250m \x1b[39mdb\n'
         '\x1b[38;5;18;01mdb=#\x1b[39;00m\x1b[38;5;250m \x1b[39m\x1b[38;5;28;01mSELECT\x1b[39;00m\x1b[38;5;250m '
         '\x1b[39m\x1b[38;5;241m1\x1b[39m;\n'
         '\x1b[38;5;18;01mdb=#\x1b[39;00m\x1b[38;5;250m \x1b[39mSELEC\x1b[38;5;250m '
         '\x1b[39m\x1b[38;5;241m1\x1b[39m;\n')
    )
    assert render_psql("db=> \\dt\nNo relations found.\n", output=False) == '\x1b[38;5;18;01mdb=>\x1b[39;00m\x1b[38;5;250m \x1b[39m\x1b[38;5;28m\\dt\x1b[39m\n'


def test_psql_prompts_fall_back_to_keywords():
    assert render_psql("db=# SELECT 1;\n 1\n", style=Plain) == '\x1b[38;5;9;01mdb=#\x1b[39;00m \x1b[38;5;9;01mSELECT\x1b[39;00m 1;\n 1\n'
    assert render_psql("db-# ;\n", style=Plain, truecolor=True) == '\x1b[38;2;255;0;0;01mdb-#\x1b[39;00m ;\n'


def test_psql_continuation_and_messages():
    assert render_psql("db=# SELECT\ndb-# 1;\nNOTICE:  hi\n") == (
        ('\x1b[38;5;18;01mdb=#\x1b[39;00m\x1b[38;5;250m \x1b[39m\x1b[38;5;28;01mSELECT\x1b[39;00m\n'
         '\x1b[38;5;18;01mdb-#\x1b[39;00m\x1b[38;5;250m \x1b[39m\x1b[38;5;241m1\x1b[39m;\n'
         '\x1b[01mNOTICE:\x1b[00m\x1b[38;5;242m  hi\x1b[39m\n')
    )
    assert render_psql("") == ''
