from more_itertools_tokens.leaves import key_text, tokens
import pytest


def test_deep_nesting():
    assert tokens(['a', ['bc', ('d', ['e'])], 'f']) == ['a', 'bc', 'd', 'e', 'f']


def test_atomic_leaves():
    assert tokens(['ab', b'cd', 3, None, 2.5]) == ['ab', b'cd', 3, None, 2.5]


def test_top_level_leaf():
    assert (tokens('word'), tokens(b'raw'), tokens(42)) == (['word'], [b'raw'], [42])


def test_mapping_gives_keys():
    assert tokens([{'x': 1, 'y': [2]}, ['z']]) == ['x', 'y', 'z']


def test_levels():
    assert (tokens([1, [2, [3, [4]]]], levels=1), tokens([1, [2, [3, [4]]]], levels=2)) == ([1, 2, [3, [4]]], [1, 2, 3, [4]])


def test_levels_zero():
    assert tokens([1, [2, [3]], 'ab'], levels=0) == [1, [2, [3]], 'ab']


def test_generators_and_empty_containers():
    assert tokens((x for x in [[1], [], [[]], (2, 3)])) == [1, 2, 3]


def test_key_text_default():
    assert key_text(['ab', ['cd', 12], (b'ef',)]) == 'ABCD-12EF'


def test_key_text_size_and_sep():
    assert key_text([['x', 'y'], 'z', [[7]]], size=2, sep=' ') == 'XY Z7'


def test_key_text_empty():
    assert key_text([[], ()]) == ''


def test_key_text_bad_size():
    with pytest.raises(ValueError):
        key_text(['abc'], size=0)
