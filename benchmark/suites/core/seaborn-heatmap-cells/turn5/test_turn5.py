import warnings

import numpy as np
import pandas as pd
import pytest

from heat_cells.html import heatmap_html, side_codes

DF = pd.DataFrame([[1.0, 2.0, 4.0], [2.0, np.nan, 10.0]], index=["r1", "r<2>"], columns=["a", "b", "c"])
GROUPS = pd.DataFrame({"g": ["k", "w", "k"]}, index=["a", "b", "c"])


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_codes_of_one_bar():
    assert side_codes(DF, ["red", "blue"]) == ([[0, 1]], ["#ff0000", "#0000ff"])
    assert side_codes(DF, ["red", "blue", "red"], axis=1) == ([[0, 1, 0]], ["#ff0000", "#0000ff"])


def test_unmatched_entries_get_the_code_of_white():
    assert side_codes(DF, pd.Series({"r1": "red"})) == ([[0, 1]], ["#ff0000", "#ffffff"])


def test_one_palette_for_all_bars_and_equal_colours_share_a_code():
    assert side_codes(DF, [["red", "#ff0000"], ["k", "red"]]) == ([[0, 0], [1, 0]], ["#ff0000", "#000000"])
    assert side_codes(DF, None) == ([], [])


def test_plain_table():
    assert heatmap_html(DF).split("\n") == [
        "<table>",
        "<tr><th></th><th>a</th><th>b</th><th>c</th></tr>",
        '<tr><th>r1</th><td style="background:#03051a"></td><td style="background:#2a1636"></td>'
        '<td style="background:#841e5a"></td></tr>',
        '<tr><th>r&lt;2&gt;</th><td style="background:#2a1636"></td><td></td>'
        '<td style="background:#faebdd"></td></tr>',
        "</table>",
    ]


def test_annotated_table_with_side_bars():
    lines = heatmap_html(DF, annot=True, row_colors=["red", "blue"], col_colors=GROUPS).split("\n")
    assert lines[1] == "<tr><th></th><th></th><th>a</th><th>b</th><th>c</th></tr>"
    assert lines[2] == ('<tr><th>g</th><td></td><td style="background:#000000" data-code="0"></td>'
                        '<td style="background:#ffffff" data-code="1"></td>'
                        '<td style="background:#000000" data-code="0"></td></tr>')


def test_annotated_rows():
    lines = heatmap_html(DF, annot=True, row_colors=["red", "blue"], col_colors=GROUPS).split("\n")
    assert lines[3] == ('<tr><th>r1</th><td style="background:#ff0000" data-code="0"></td>'
                        '<td style="background:#03051a;color:#ffffff">1</td>'
                        '<td style="background:#2a1636;color:#ffffff">2</td>'
                        '<td style="background:#841e5a;color:#ffffff">4</td></tr>')
    assert lines[4] == ('<tr><th>r&lt;2&gt;</th><td style="background:#0000ff" data-code="1"></td>'
                        '<td style="background:#2a1636;color:#ffffff">2</td><td></td>'
                        '<td style="background:#faebdd;color:#262626">10</td></tr>')


def test_z_scored_table_blanks_a_column_of_one_value():
    lines = heatmap_html(DF, annot=True, fmt=".1f", zscore=1).split("\n")
    assert lines[2] == ('<tr><th>r1</th><td style="background:#03051a;color:#ffffff">-0.7</td><td></td>'
                        '<td style="background:#03051a;color:#ffffff">-0.7</td></tr>')
    assert lines[3] == ('<tr><th>r&lt;2&gt;</th><td style="background:#faebdd;color:#262626">0.7</td><td></td>'
                        '<td style="background:#faebdd;color:#262626">0.7</td></tr>')


def test_standard_scaled_rows():
    lines = heatmap_html(DF, scale=0).split("\n")
    assert lines[2] == ('<tr><th>r1</th><td style="background:#03051a"></td><td style="background:#841e5a"></td>'
                        '<td style="background:#faebdd"></td></tr>')


def test_multi_level_labels_are_joined():
    frame = pd.DataFrame([[1.0, 2.0]], index=pd.MultiIndex.from_tuples([("x", 1)]), columns=["a", "b"])
    lines = heatmap_html(frame).split("\n")
    assert lines[2].startswith("<tr><th>x-1</th>")


def test_refused_scaling():
    with pytest.raises(ValueError):
        heatmap_html(DF, zscore=0, scale=1)
