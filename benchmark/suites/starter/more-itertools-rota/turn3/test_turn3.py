from more_itertools_rota.teams import team_rounds, teams


def test_all_teams():
    assert teams(['cy', 'al', 'bo']) == [set(), {'cy'}, {'al'}, {'bo'}, {'cy', 'al'}, {'bo', 'cy'}, {'bo', 'al'}, {'bo', 'cy', 'al'}]


def test_order_of_first_occurrence_not_sorted():
    assert teams(['b', 'a', 'b', 'c'], 2) == [{'b', 'a'}, {'b', 'c'}, {'c', 'a'}]


def test_equal_members_merge():
    assert teams([1, True, 2]) == [set(), {1}, {2}, {1, 2}]


def test_team_types_are_sets():
    assert [type(team).__name__ for team in teams('ab')] == ['set', 'set', 'set', 'set']


def test_empty_team_and_empty_staff():
    assert (teams('ab', 0), teams([]), teams([], 1)) == ([set()], [set()], [])


def test_size_too_large():
    assert teams('abc', 4) == []


def test_one_shot_iterator():
    assert teams(iter('zyz')) == [set(), {'z'}, {'y'}, {'y', 'z'}]


def test_team_rounds_of_three():
    assert team_rounds(['d', 'b', 'c', 'a'], 3) == [(('d', 'b', 'c'), [('b', 'c', 'd'), ('b', 'd', 'c')]), (('d', 'b', 'a'), [('a', 'b', 'd'), ('a', 'd', 'b')]), (('d', 'c', 'a'), [('a', 'c', 'd'), ('a', 'd', 'c')]), (('b', 'c', 'a'), [('a', 'b', 'c'), ('a', 'c', 'b')])]


def test_team_rounds_members_in_first_occurrence_order():
    assert team_rounds('cab', 2) == [(('c', 'a'), [('a', 'c')]), (('c', 'b'), [('b', 'c')]), (('a', 'b'), [('a', 'b')])]


def test_team_rounds_edges():
    assert (team_rounds('ab', 0), team_rounds('ab', 3), team_rounds('aab', 1)) == ([((), [()])], [], [(('a',), [('a',)]), (('b',), [('b',)])])
