import warnings

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.figure import Figure

from bubble_grid.chart import bubble_chart

X = [1, 2, 2.5, 4, np.nan, 7, 6]
Y = [0.1, 0.5, 0.4, np.inf, 3, 0.9, 0.2]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_whole_document():
    assert bubble_chart(Figure().subplots(), X, Y, bins=2).split("\n") == [
        '<svg xmlns="http://www.w3.org/2000/svg">',
        '<circle cx="2.5" cy="0.3" r="4.24" fill="#1f77b4" fill-opacity="0.699"/>',
        '<circle cx="5.5" cy="0.3" r="2.12" fill="#1f77b4" fill-opacity="0.236"/>',
        '<circle cx="2.5" cy="0.7" r="2.12" fill="#1f77b4" fill-opacity="1"/>',
        '<circle cx="5.5" cy="0.7" r="2.12" fill="#1f77b4" fill-opacity="0.00295"/>',
        '<text x="0" y="12">1: r=2.12</text>',
        '<text x="0" y="24">2: r=4.24</text>',
        "</svg>",
    ]


def test_bubbles_are_drawn_on_the_axes():
    ax = Figure().subplots()
    bubble_chart(ax, X, Y, bins=2)
    points = ax.collections[0]
    assert points.get_sizes().tolist() == [72.0, 18.0, 18.0, 18.0]
    assert np.ravel(points.get_offsets()).tolist() == pytest.approx([2.5, 0.3, 5.5, 0.3, 2.5, 0.7, 5.5, 0.7])
    assert mpl.colors.to_hex(points.get_facecolor()[0]) == "#1f77b4"


def test_each_chart_takes_the_next_colour():
    ax = Figure().subplots()
    bubble_chart(ax, X, Y, bins=2)
    assert 'fill="#ff7f0e"' in bubble_chart(ax, X, Y, bins=2).split("\n")[1]


def test_other_scatters_move_the_colour_on():
    ax = Figure().subplots()
    ax.scatter([1], [1])
    bubble_chart(ax, X, Y, bins=2, color="k")
    assert 'fill="#ff7f0e"' in bubble_chart(ax, X, Y, bins=2).split("\n")[1]


def test_a_given_colour_is_desaturated():
    lines = bubble_chart(Figure().subplots(), X, Y, bins=(3, 2), sizes=(4, 64), color="red", saturation=0.5).split("\n")
    assert lines[1] == '<circle cx="2" cy="0.3" r="4" fill="#bf4040" fill-opacity="0.82"/>'
    assert lines[2] == '<circle cx="6" cy="0.3" r="1" fill="#bf4040" fill-opacity="1"/>'


def test_legend_lines_of_given_sizes():
    lines = bubble_chart(Figure().subplots(), X, Y, bins=(3, 2), sizes=(4, 64), color="red", saturation=0.5).split("\n")
    assert lines[-3:] == ['<text x="0" y="12">1: r=1</text>', '<text x="0" y="24">2: r=4</text>', "</svg>"]


def test_a_face_colour_keyword_sets_the_colour():
    line = bubble_chart(Figure().subplots(), X, Y, bins=2, fc="green", label="x").split("\n")[1]
    assert 'fill="#008000"' in line


def test_a_colour_at_full_saturation_is_kept():
    line = bubble_chart(Figure().subplots(), X, Y, bins=2, color=(0.2, 0.4, 0.6)).split("\n")[1]
    assert line == '<circle cx="2.5" cy="0.3" r="4.24" fill="#336699" fill-opacity="0.699"/>'


def test_density_shading_with_a_wider_kernel():
    lines = bubble_chart(Figure().subplots(), X, Y, bins=(3, 2), bw_adjust=2).split("\n")
    assert len(lines) == 8
    assert lines[1].startswith('<circle cx="2" cy="0.3" r="4.24" fill="#1f77b4"')


def test_no_bubbles():
    with pytest.raises(ValueError):
        bubble_chart(Figure().subplots(), [1, 2, 3], [1, 1, 1])
