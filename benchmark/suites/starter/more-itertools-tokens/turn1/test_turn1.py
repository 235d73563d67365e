from more_itertools_tokens.grouping import group_digits, group_text
import pytest


def test_default_groups():
    assert group_text('DE89370400440532013000') == 'DE89 3704 0044 0532 0130 00'


def test_no_trailing_separator():
    assert group_text('ABCDEFGH') == 'ABCD EFGH'


def test_size_one():
    assert group_text('abc', size=1, sep='-') == 'a-b-c'


def test_long_and_empty_separator():
    assert (group_text('abcdef', 2, ' :: '), group_text('abcdef', 2, '')) == ('ab :: cd :: ef', 'abcdef')


def test_empty_and_short_text():
    assert (group_text('', 3), group_text('abc', 10)) == ('', 'abc')


def test_thousands():
    assert group_digits(1234567) == '1,234,567'


def test_negative():
    assert group_digits(-1234) == '-1,234'


def test_small_numbers():
    assert (group_digits(0), group_digits(-7), group_digits(999)) == ('0', '-7', '999')


def test_other_size_and_separator():
    assert (group_digits(123456, sep=' ', size=2), group_digits(1234567, sep='_', size=4)) == ('12 34 56', '123_4567')


def test_multi_char_separator_digits():
    assert group_digits(-12345678, sep=', ') == '-12, 345, 678'


def test_zero_size():
    with pytest.raises(ValueError):
        group_digits(12345, size=0)


def test_negative_size_empty_text():
    with pytest.raises(ValueError):
        group_text('', -2)
