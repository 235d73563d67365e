import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib as mpl  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from trend_lines.draw import draw_points, draw_trend, extended_curve  # noqa: E402

X = [1, 2, 3, 4, 5, 6]
Y = [1.2, 3.9, 9.1, 16.2, 24.8, 36.1]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield
    plt.close("all")


def ends(values, expected):
    assert isinstance(values, np.ndarray)
    assert [values[0], values[1], values[-1]] == pytest.approx(expected, abs=1e-6)


def test_the_line_spans_the_data_in_a_hundred_points():
    fig, ax = plt.subplots()
    drawn = draw_trend(ax, X, Y, ci=None)
    assert len(drawn["x"]) == 100
    ends(drawn["x"], [1.0, 1.0505050505, 6.0])
    ends(drawn["y"], [-2.2333333333, -1.8808080808, 32.6666666667])
    assert drawn["band"] is False
    assert drawn["color"] == "#1f77b4"


def test_lines_are_drawn_wider_than_the_default_line():
    fig, ax = plt.subplots()
    assert draw_trend(ax, X, Y, ci=None)["width"] == pytest.approx(2.25)
    with mpl.rc_context({"lines.linewidth": 2}):
        fig, ax = plt.subplots()
        assert draw_trend(ax, X, Y, ci=None)["width"] == pytest.approx(3.0)


def test_next_line_takes_the_next_colour_and_a_band():
    fig, ax = plt.subplots()
    draw_trend(ax, X, Y, ci=None)
    drawn = draw_trend(ax, X, Y, order=2, resamples=50, seed=0)
    assert drawn["color"] == "#ff7f0e"
    assert drawn["band"] is True
    ends(drawn["y"], [1.1357142857, 1.2355867477, 36.0357142857])


def test_untruncated_line_reaches_the_axis_limits():
    fig, ax = plt.subplots()
    ax.set_xlim(0, 10)
    drawn = draw_trend(ax, X, Y, ci=None, truncate=False)
    ends(drawn["x"], [0.0, 0.101010101, 10.0])
    ends(drawn["y"], [-9.2133333333, -8.5082828283, 60.5866666667])


def test_untruncated_line_after_other_lines_takes_their_margins():
    fig, ax = plt.subplots()
    draw_trend(ax, X, Y, ci=None)
    drawn = draw_trend(ax, X, Y, color="red", ci=None, truncate=False)
    assert drawn["color"] == "#ff0000"
    ends(drawn["x"], [0.75, 0.8055555556, 6.25])
    ends(drawn["y"], [-3.9783333333, -3.5905555556, 34.4116666667])


def test_extended_curve():
    curve = extended_curve(X, Y, 0, 10, ci=None)
    assert len(curve["grid"]) == 100
    ends(curve["fit"], [-9.2133333333, -8.5082828283, 60.5866666667])
    assert curve["low"] is None and curve["high"] is None


def test_extended_curve_with_a_band():
    curve = extended_curve(X, Y, 0, 10, order=2, resamples=50, seed=1)
    assert [curve["fit"][0], curve["fit"][-1]] == pytest.approx([0.22, 100.3414285714])
    assert [curve["low"][0], curve["low"][-1]] == pytest.approx([-0.8, 95.3186612903])
    assert [curve["high"][0], curve["high"][-1]] == pytest.approx([1.9141428571, 107.9715])


def test_draw_points_returns_the_points():
    fig, ax = plt.subplots()
    xs = np.arange(12)
    ys = np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8.0])
    points = draw_points(ax, xs, ys, 3, spread="sd")
    assert [v for p in points for v in p[:2]] == pytest.approx([2.75, 2.8, 5.5, 5.5, 8.25, 5.4])
    assert np.ravel(ax.collections[0].get_offsets()).tolist() == pytest.approx([2.75, 2.8, 5.5, 5.5, 8.25, 5.4])


def test_draw_points_bars():
    fig, ax = plt.subplots()
    xs = np.arange(12)
    ys = np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8.0])
    draw_points(ax, xs, ys, 3, spread="sd", color="green")
    assert [v for line in ax.lines for v in line.get_ydata()] == pytest.approx(
        [1.2, 4.4, 2.0, 9.0, 3.7751923191, 7.0248076809])
    assert [line.get_linewidth() for line in ax.lines] == pytest.approx([2.625] * 3)
    assert mpl.colors.to_hex(ax.collections[0].get_facecolor()[0]) == "#008000"
    assert list(ax.collections[0].get_sizes()) == [50]


def test_too_few_observations():
    fig, ax = plt.subplots()
    with pytest.raises(ValueError):
        draw_trend(ax, [1, np.nan], [2, 3])
    with pytest.raises(ValueError):
        extended_curve([1], [2], 0, 1)
