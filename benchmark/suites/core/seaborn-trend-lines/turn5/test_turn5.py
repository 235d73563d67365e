import warnings

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from trend_lines.figure import regression_figure

X = [1, 2, 3, 4, 5, 6]
Y = [1.2, 3.9, 9.1, 16.2, 24.8, 36.1]
Z = [1, 0, 1, 0, 1, 0]
FRAME = pd.DataFrame({"dose": X, "resp": Y, "batch": Z})
XS = np.arange(12)
YS = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8.0]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def flat(pairs):
    return [v for pair in pairs for v in pair]


def test_scatter_and_line_of_plain_vectors():
    fig = regression_figure(X, Y, ci=None)
    assert isinstance(fig["figure"], Figure)
    assert fig["labels"] == ("", "")
    assert flat(fig["points"]) == pytest.approx(flat(zip(X, Y)))
    line_x, line_y = fig["line"]
    assert len(line_x) == 100
    assert [line_x[0], line_x[-1], line_y[0], line_y[-1]] == pytest.approx([1, 6, -2.2333333333, 32.6666666667])
    assert fig["color"] == "#1f77b4"


def test_points_are_translucent_but_binned_points_are_not():
    assert regression_figure(X, Y, ci=None)["point_alpha"] == pytest.approx(0.8)
    assert regression_figure(XS, YS, bins=3, resamples=100)["point_alpha"] is None


def test_binned_figure():
    fig = regression_figure(XS, YS, bins=3, resamples=100)
    assert flat(fig["points"]) == pytest.approx([2.75, 2.8, 5.5, 5.5, 8.25, 5.4])
    line_x, line_y = fig["line"]
    assert [line_x[0], line_x[-1], line_y[0], line_y[-1]] == pytest.approx([0, 11, 2.4102564103, 6.2564102564])
    assert len(fig["residual_points"]) == 12
    assert fig["residual_points"][5] == pytest.approx((5.0, 4.8414918415))


def test_column_names_label_the_axes():
    fig = regression_figure("dose", "resp", data=FRAME, order=2, ci=None, color="purple")
    assert fig["labels"] == ("dose", "resp")
    assert fig["color"] == "#800080"
    line_x, line_y = fig["line"]
    assert [line_y[0], line_y[-1]] == pytest.approx([1.1357142857, 36.0357142857])


def test_a_confound_removes_the_label_of_its_axis():
    fig = regression_figure("dose", "resp", data=FRAME, y_confound="batch", ci=None)
    assert fig["labels"] == ("dose", "")
    assert flat(fig["points"][:2]) == pytest.approx([1.0, 4.7166666667, 2.0, 0.3833333333])


def test_residual_panel():
    fig = regression_figure(X, Y, ci=None)
    assert flat(fig["residual_points"]) == pytest.approx(flat(zip(X, [
        3.4333333333, -0.8466666667, -2.6266666667, -2.5066666667, -0.8866666667, 3.4333333333])))
    assert fig["zero_line"] == (":", "#333333")
    assert fig["residual_alpha"] == pytest.approx(0.8)


def test_residual_panel_of_a_curve_after_a_confound():
    fig = regression_figure("dose", "resp", data=FRAME, y_confound="batch", ci=None)
    assert [r for _, r in fig["residual_points"]] == pytest.approx(
        [5.4428571429, -5.2676190476, 0.5885714286, -5.7219047619, 3.5342857143, 1.4238095238])


def test_log_x_figure_has_a_residual_panel_drawn_like_seaborn_draws_one():
    fig = regression_figure("dose", "resp", data=FRAME, logx=True, ci=None, color="purple")
    line_x, line_y = fig["line"]
    assert [line_y[0], line_y[-1]] == pytest.approx([-4.5821416587, 27.7692927097])
    assert [r for _, r in fig["residual_points"]] == pytest.approx(
        [5.7821416587, -4.0331015448, -6.1540495062, -4.2483447482, 0.3226468502, 8.3307072903])
    assert fig["residual_alpha"] == pytest.approx(0.8)
    assert fig["zero_line"] == (":", "#333333")


def test_rows_of_the_table():
    rows = regression_figure("dose", "resp", data=FRAME, order=2, ci=None)["rows"]
    assert len(rows) == 6
    assert list(rows[0]) == pytest.approx([1.0, 1.2, 1.1357142857, 0.0642857143])
    assert list(rows[-1]) == pytest.approx([6.0, 36.1, 36.0357142857, 0.0642857143])


def test_rows_after_a_confound():
    rows = regression_figure("dose", "resp", data=FRAME, y_confound="batch", ci=None)["rows"]
    assert list(rows[1]) == pytest.approx([2.0, 0.3833333333, 5.650952381, -5.267619047619])


def test_too_few_observations():
    with pytest.raises(ValueError):
        regression_figure([1], [2])
