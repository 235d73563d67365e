"""Generated batch-file states and states no rule reaches, as Pygments prepares them."""

from pygments.lexer import RegexLexer, bygroups, default, include, this, using, words
from pygments.token import Comment, Keyword, Punctuation, Text
from pygments.lexers.shell import BatchLexer

from lexlab.rules import reachable_states, state_rules


def _begin_state(compound, _core_token=BatchLexer._core_token,
                      _core_token_compound=BatchLexer._core_token_compound,
                      _keyword_terminator=BatchLexer._keyword_terminator,
                      _nl=BatchLexer._nl, _punct=BatchLexer._punct, _string=BatchLexer._string,
                      _space=BatchLexer._space, _start_label=BatchLexer._start_label,
                      _stoken=BatchLexer._stoken, _token_terminator=BatchLexer._token_terminator,
                      _variable=BatchLexer._variable, _ws=BatchLexer._ws):
    rest = '(?:{}|{}|[^"%{}{}{}])*'.format(_string, _variable, _nl, _punct,
                                        ')' if compound else '')
    rest_of_line = rf'(?:(?:[^{_nl}^]|\^[{_nl}]?[\w\W])*)'
    rest_of_line_compound = rf'(?:(?:[^{_nl}^)]|\^[{_nl}]?[^)])*)'
    set_space = rf'((?:(?:\^[{_nl}]?)?[^\S\n])*)'
    suffix = ''
    if compound:
        _keyword_terminator = rf'(?:(?=\))|{_keyword_terminator})'
        _token_terminator = rf'(?:(?=\))|{_token_terminator})'
        suffix = '/compound'
    return [
        ((r'\)', Punctuation, '#pop') if compound else
         (rf'\)((?=\()|{_token_terminator}){rest_of_line}',
          Comment.Single)),
        (rf'(?={_start_label})', Text, f'follow{suffix}'),
        (_space, using(this, state='text')),
        include(f'redirect{suffix}'),
        (rf'[{_nl}]+', Text),
        (r'\(', Punctuation, 'root/compound'),
        (r'@+', Punctuation),
        (rf'((?:for|if|rem)(?:(?=(?:\^[{_nl}]?)?/)|(?:(?!\^)|'
         rf'(?<=m))(?:(?=\()|{_token_terminator})))({_space}?{_core_token_compound if compound else _core_token}?(?:\^[{_nl}]?)?/(?:\^[{_nl}]?)?\?)',
         bygroups(Keyword, using(this, state='text')),
         f'follow{suffix}'),
        (rf'(goto{_keyword_terminator})({rest}(?:\^[{_nl}]?)?/(?:\^[{_nl}]?)?\?{rest})',
         bygroups(Keyword, using(this, state='text')),
         f'follow{suffix}'),
        (words(('assoc', 'break', 'cd', 'chdir', 'cls', 'color', 'copy',
                'date', 'del', 'dir', 'dpath', 'echo', 'endlocal', 'erase',
                'exit', 'ftype', 'keys', 'md', 'mkdir', 'mklink', 'move',
                'path', 'pause', 'popd', 'prompt', 'pushd', 'rd', 'ren',
                'rename', 'rmdir', 'setlocal', 'shift', 'start', 'time',
                'title', 'type', 'ver', 'verify', 'vol'),
               suffix=_keyword_terminator), Keyword, f'follow{suffix}'),
        (rf'(call)({_space}?)(:)',
         bygroups(Keyword, using(this, state='text'), Punctuation),
         f'call{suffix}'),
        (rf'call{_keyword_terminator}', Keyword),
        (rf'(for{_token_terminator}(?!\^))({_space})(/f{_token_terminator})',
         bygroups(Keyword, using(this, state='text'), Keyword),
         ('for/f', 'for')),
        (rf'(for{_token_terminator}(?!\^))({_space})(/l{_token_terminator})',
         bygroups(Keyword, using(this, state='text'), Keyword),
         ('for/l', 'for')),
        (rf'for{_token_terminator}(?!\^)', Keyword, ('for2', 'for')),
        (rf'(goto{_keyword_terminator})({_space}?)(:?)',
         bygroups(Keyword, using(this, state='text'), Punctuation),
         f'label{suffix}'),
        (rf'(if(?:(?=\()|{_token_terminator})(?!\^))({_space}?)((?:/i{_token_terminator})?)({_space}?)((?:not{_token_terminator})?)({_space}?)',
         bygroups(Keyword, using(this, state='text'), Keyword,
                  using(this, state='text'), Keyword,
                  using(this, state='text')), ('(?', 'if')),
        (rf'rem(((?=\()|{_token_terminator}){_space}?{_stoken}?.*|{_keyword_terminator}{rest_of_line_compound if compound else rest_of_line})',
         Comment.Single, f'follow{suffix}'),
        (rf'(set{_keyword_terminator}){set_space}(/a)',
         bygroups(Keyword, using(this, state='text'), Keyword),
         f'arithmetic{suffix}'),
        (r'(set{}){}((?:/p)?){}((?:(?:(?:\^[{}]?)?[^"{}{}^={}]|'
         r'\^[{}]?[^"=])+)?)((?:(?:\^[{}]?)?=)?)'.format(_keyword_terminator, set_space, set_space, _nl, _nl, _punct,
          ')' if compound else '', _nl, _nl),
         bygroups(Keyword, using(this, state='text'), Keyword,
                  using(this, state='text'), using(this, state='variable'),
                  Punctuation),
         f'follow{suffix}'),
        default(f'follow{suffix}')
    ]


def begin_rules(compound=False) -> list:
    """Turn 1's rules of the state Pygments' batch-file lexer generates for the start of a command."""
    rules = _begin_state(compound)
    probe = type("BeginProbe", (BatchLexer,), {"tokens": {"begin": rules}})
    return state_rules(probe, "begin")


def unreached_states(lexer_cls) -> list:
    """The named states Pygments prepares for ``lexer_cls`` that no chain of transitions from root enters."""
    if not (isinstance(lexer_cls, type) and issubclass(lexer_cls, RegexLexer)):
        raise TypeError("a RegexLexer subclass is needed")
    lexer_cls()
    prepared = lexer_cls.process_tokendef("", lexer_cls.get_tokendefs())
    reachable = set(reachable_states(lexer_cls))
    return sorted(state for state in prepared if not state.startswith("_tmp") and state not in reachable)
