import networkx as nx
import pytest

from rebuild.groups import group_report, merge_groups, odd_triangle, odd_triangles


def segment_map(G):
    return nx.convert_node_labels_to_integers(nx.line_graph(G))


def town():
    return segment_map(nx.Graph([(1, 2), (2, 3), (3, 4), (4, 1), (2, 4), (4, 5)]))


def octahedron():
    return segment_map(nx.complete_graph(4))


def test_odd_triangle():
    assert odd_triangle(town(), (0, 1, 2)) is True
    assert odd_triangle(town(), [1, 4, 5]) is True
    assert odd_triangle(octahedron(), (0, 4, 5)) is False


def test_odd_triangle_needs_a_triangle():
    with pytest.raises(ValueError):
        odd_triangle(town(), (0, 4, 5))
    with pytest.raises(ValueError):
        odd_triangle(town(), (0, 1, 99))


def test_odd_triangles():
    assert odd_triangles(town()) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3), (1, 4, 5)]
    assert odd_triangles(octahedron()) == []


def test_merge_groups_sharing_one_member():
    assert merge_groups([{1, 2, 3}, {3, 4}, {5, 6}, {6, 7, 8}, {2, 9}]) == [[1, 2, 3, 4, 9], [5, 6, 7, 8]]
    assert merge_groups([{5, 6}, {1, 2}, {2, 5}], 1) == [[1, 2, 5, 6]]


def test_merge_groups_sharing_two_members():
    assert merge_groups([{1, 2, 3}, {2, 3, 4}, {4, 5, 6}, {5, 6, 7}, {9}], 2) == [[1, 2, 3, 4], [4, 5, 6, 7], [9]]
    assert merge_groups([{3, 1}, {1, 3}, {8}], 2) == [[1, 3], [8]]


def test_merged_groups_are_not_compared_again():
    assert merge_groups([{1, 2, 3}, {2, 3, 4}, {1, 4, 9}], 2) == [[1, 2, 3, 4], [1, 4, 9]]
    assert merge_groups([{1, 4, 9}, {1, 2, 3}, {2, 3, 4}], 2) == [[1, 4, 9], [1, 2, 3, 4]]


def test_merge_groups_refusals_and_no_groups():
    assert merge_groups([], 1) == []
    with pytest.raises(ValueError):
        merge_groups([{1}, set()])
    with pytest.raises(ValueError):
        merge_groups([{1}], 0)


def test_group_report():
    assert group_report(town()) == {
        "start": (0, 1, 2, 3),
        "cells": [(0, 1, 2, 3), (3, 4), (4, 1, 5), (5, 2)],
        "merged": [[0, 1, 2, 3], [3, 4], [1, 4, 5], [2, 5]],
        "odd": [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3), (1, 4, 5)],
        "junctions": 5,
    }


def test_group_report_merging_on_one_shared_segment():
    assert group_report(town(), 1)["merged"] == [[0, 1, 2, 3, 4, 5]]


def test_group_report_from_a_chosen_meeting():
    assert group_report(octahedron(), 1, (0, 5)) == {
        "start": (0, 5, 4),
        "cells": [(0, 5, 4), (4, 2, 3), (3, 0, 1), (1, 2, 5)],
        "merged": [[0, 1, 2, 3, 4, 5]],
        "odd": [],
        "junctions": 4,
    }
