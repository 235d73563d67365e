import warnings

import numpy as np
import pytest

from trend_lines.curves import residuals, trend_curve

X = [1, 2, 3, 4, 5, 6]
Y = [1.2, 3.9, 9.1, 16.2, 24.8, 36.1]
Z = [1, 0, 1, 0, 1, 0]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def same(actual, expected):
    assert isinstance(actual, np.ndarray)
    assert actual.tolist() == pytest.approx(expected, abs=1e-6)


def test_straight_line_over_the_data_range():
    curve = trend_curve(X, Y, points=4, ci=None)
    same(curve["grid"], [1.0, 2.6666666667, 4.3333333333, 6.0])
    same(curve["fit"], [-2.2333333333, 9.4, 21.0333333333, 32.6666666667])
    assert curve["low"] is None and curve["high"] is None


def test_second_order_curve():
    curve = trend_curve(X, Y, points=4, order=2, ci=None)
    same(curve["fit"], [1.1357142857, 7.153968254, 18.7873015873, 36.0357142857])


def test_second_order_curve_with_a_seeded_band():
    curve = trend_curve(X, Y, grid=[1, 6], order=2, resamples=100, seed=0)
    same(curve["fit"], [1.1357142857, 36.0357142857])
    same(curve["low"], [-0.6, 34.9])
    same(curve["high"], [2.196, 36.1527043205])


def test_log_x_fit():
    curve = trend_curve(X, Y, grid=[1, 3, 6], logx=True, ci=None)
    same(curve["fit"], [-4.5821416587, 15.2540495062, 27.7692927097])
    curve = trend_curve(X, Y, grid=[1, 6], logx=True, ci=80, resamples=100, seed=0)
    same(curve["low"], [-24.4961103558, 24.7158793726])
    same(curve["high"], [-0.1750193198, 33.6722258526])


def test_straight_line_band_extrapolated():
    curve = trend_curve(X, Y, grid=[0, 7], resamples=100, seed=0)
    same(curve["fit"], [-9.2133333333, 39.6466666667])
    same(curve["low"], [-21.5719318182, 27.34625])
    same(curve["high"], [-3.7360013263, 45.0115909091])


def test_curves_after_removing_a_confound():
    same(trend_curve(X, Y, grid=[0, 7], ci=None, y_partial=Z)["fit"], [-7.1033333333, 37.5366666667])
    same(trend_curve(X, Y, grid=[0, 7], order=3, ci=None, y_partial=Z)["fit"], [15.5055555556, 33.7944444444])


def test_bands_resample_whole_units():
    x = [1, 2, 3, 4, 5, 6, 7, 8]
    y = [1.2, 3.9, 9.1, 16.2, 24.8, 36.1, 48.0, 65.5]
    units = [1, 1, 2, 2, 3, 3, 4, 4]
    curve = trend_curve(x, y, grid=[1, 8], order=2, resamples=100, seed=0, units=units)
    same(curve["fit"], [1.35, 64.7])
    same(curve["low"], [-0.2524033527, 61.5781153846])
    same(curve["high"], [8.291015625, 66.23])
    curve = trend_curve(x, y, grid=[1, 8], logx=True, resamples=100, seed=0, units=units)
    same(curve["low"], [-114.4883380418, 25.5454210372])
    same(curve["high"], [0.4004925667, 62.7581953221])


def test_log_x_band_of_a_small_sample():
    curve = trend_curve([1, 2, 4], [0.5, 1.9, 4.2], grid=[1, 4], logx=True, resamples=200, seed=0)
    same(curve["fit"], [0.35, 4.05])
    same(curve["low"], [-0.4, 0.5])
    same(curve["high"], [1.4374641216, 4.2])
    curve = trend_curve([2, 3, 5], [0.5, 1.9, 4.2], grid=[1, 4], logx=True, resamples=200, seed=0)
    same(curve["fit"], [-2.4004405151, 3.2248414334])
    same(curve["low"], [-3.0465182371, 0.6622655395])
    same(curve["high"], [1.169821808, 3.7798752362])


def test_too_high_an_order_still_gives_a_curve():
    same(trend_curve([1, 2, 3, 4], [1, 2, 1, 2], grid=[2], order=5, ci=None)["fit"], [2.0])


def test_bad_options():
    with pytest.raises(ValueError):
        trend_curve(X, Y, order=2, logx=True)
    with pytest.raises(ValueError):
        trend_curve([1], [2])
    with pytest.raises(ValueError):
        trend_curve(X, Y, order=0)


def test_residuals_of_straight_and_curved_fits():
    x, r = residuals(X, Y)
    same(x, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    same(r, [3.4333333333, -0.8466666667, -2.6266666667, -2.5066666667, -0.8866666667, 3.4333333333])
    _, r = residuals(X, Y, order=2)
    same(r, [0.0642857143, -0.1728571429, 0.0685714286, 0.1885714286, -0.2128571429, 0.0642857143])


def test_residuals_of_a_log_x_fit():
    _, r = residuals(X, Y, logx=True)
    same(r, [5.7821416587, -4.0331015448, -6.1540495062, -4.2483447482, 0.3226468502, 8.3307072903])
