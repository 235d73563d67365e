from more_itertools_rota.blocks import consecutive_teams, shift_blocks


def test_all_blocks_by_start_then_length():
    assert shift_blocks('abc') == [['a'], ['a', 'b'], ['a', 'b', 'c'], ['b'], ['b', 'c'], ['c']]


def test_max_len():
    assert shift_blocks(['x', 'y', 'z', 'w'], 2) == [['x'], ['x', 'y'], ['y'], ['y', 'z'], ['z'], ['z', 'w'], ['w']]


def test_repeated_blocks_kept():
    assert shift_blocks(iter('aa')) == [['a'], ['a', 'a'], ['a']]


def test_blocks_are_lists():
    assert [type(block).__name__ for block in shift_blocks((1, 2))] == ['list', 'list', 'list']


def test_no_blocks():
    assert (shift_blocks([]), shift_blocks('abc', 0)) == ([], [])


def test_neighbours_only():
    assert consecutive_teams('abcd', 2) == [{'b', 'a'}, {'b', 'c'}, {'d', 'c'}]


def test_wrapping_rota():
    assert consecutive_teams('abcab', 2) == [{'b', 'a'}, {'c', 'a'}, {'b', 'c'}]


def test_repeats_inside_a_block():
    assert (consecutive_teams('aab', 2), consecutive_teams('abba', 3)) == ([{'b', 'a'}], [])


def test_whole_rota():
    assert consecutive_teams(['n', 'm', 'o'], 3) == [{'o', 'n', 'm'}]


def test_size_zero_and_too_large():
    assert (consecutive_teams('abc', 0), consecutive_teams('abc', 4)) == ([], [])
