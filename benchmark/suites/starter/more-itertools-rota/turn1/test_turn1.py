from more_itertools_rota.orders import count_orders, shift_orders


def test_repeated_entries():
    assert shift_orders('aab') == [('a', 'a', 'b'), ('a', 'b', 'a'), ('b', 'a', 'a')]


def test_sorted_order_of_entries():
    assert shift_orders(['cy', 'al', 'bo'], 2) == [('al', 'bo'), ('al', 'cy'), ('bo', 'al'), ('bo', 'cy'), ('cy', 'al'), ('cy', 'bo')]


def test_incomparable_ranked_by_first_position():
    assert shift_orders(['b', None, 'b']) == [('b', 'b', None), ('b', None, 'b'), (None, 'b', 'b')]


def test_incomparable_partial():
    assert shift_orders([3, 'x', 1], 2) == [(3, 'x'), (3, 1), ('x', 3), ('x', 1), (1, 3), (1, 'x')]


def test_zero_slots_and_empty_staff():
    assert (shift_orders('abc', 0), shift_orders([])) == ([()], [()])


def test_too_many_or_negative_slots():
    assert (shift_orders('ab', 3), shift_orders('ab', -1)) == ([], [])


def test_one_shot_iterator():
    assert shift_orders(iter(['mo', 'al'])) == [('al', 'mo'), ('mo', 'al')]


def test_partial_with_repeats():
    assert shift_orders([2, 1, 2, 1], 3) == [(1, 1, 2), (1, 2, 1), (1, 2, 2), (2, 1, 1), (2, 1, 2), (2, 2, 1)]


def test_count_with_repeats():
    assert (count_orders('aabb'), count_orders('mississippi', 3)) == (6, 53)


def test_count_edges():
    assert (count_orders('abc', 0), count_orders('abc', 4), count_orders([None, 'a', 'a'])) == (1, 0, 3)
