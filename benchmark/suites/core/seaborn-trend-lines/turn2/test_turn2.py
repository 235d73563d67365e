import numpy as np
import pandas as pd
import pytest

from trend_lines.points import adjusted_inputs, binned_points, straight_fit

X = [1, 2, 3, 4, 5, 6]
Y = [2.0, 4.1, 5.9, 8.2, 9.9, 12.1]
Z = [1, 0, 1, 0, 1, 0]
XS = np.arange(12)
YS = np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8.0])


def same(actual, expected):
    assert np.asarray(actual, dtype=float).tolist() == pytest.approx(expected, abs=1e-6)


def rows(actual, expected):
    assert len(actual) == len(expected)
    for got, want in zip(actual, expected):
        assert len(got) == 4
        for g, w in zip(got, want):
            assert (g is None) if w is None else g == pytest.approx(w, abs=1e-6)


def test_without_confounds_the_inputs_are_unchanged():
    x, y, units = adjusted_inputs(X, Y)
    same(x, X)
    same(y, Y)
    assert units is None


def test_a_confound_is_taken_out_of_y():
    x, y, _ = adjusted_inputs(X, Y, y_partial=Z)
    same(x, X)
    same(y, [3.1, 3.0, 7.0, 7.1, 11.0, 11.0])


def test_confounds_on_both_axes():
    x, y, _ = adjusted_inputs(X, Y, x_partial=Z, y_partial=Z)
    same(x, [1.5, 1.5, 3.5, 3.5, 5.5, 5.5])
    same(y, [3.1, 3.0, 7.0, 7.1, 11.0, 11.0])


def test_rows_missing_a_confound_are_dropped():
    df = pd.DataFrame({"a": [1, 2, 3, np.nan, 5], "b": [1, 3, 2, 5, 4],
                       "c": [0.5, np.nan, 1, 2, 0], "u": list("ppqqr")})
    x, y, units = adjusted_inputs("a", "b", data=df, y_partial="c", units="u")
    same(x, [1.0, 3.0, 5.0])
    same(y, [1.0, 3.0, 3.0])
    assert list(units) == ["p", "q", "r"]
    with pytest.raises(ValueError):
        adjusted_inputs("a", "b", y_partial="c")


def test_binned_points_with_standard_deviation_bars():
    rows(binned_points(XS, YS, 3, spread="sd"), [
        (2.75, 2.8, 1.6, 1.6),
        (5.5, 5.5, 3.5, 3.5),
        (8.25, 5.4, 1.6248076809, 1.6248076809),
    ])


def test_centres_without_observations_are_not_drawn():
    rows(binned_points(XS, YS, [0, 5, 100], spread="sd"), [
        (0.0, 2.6666666667, 1.2472191289, 1.2472191289),
        (5.0, 4.8888888889, 2.4695678634, 2.4695678634),
    ])


def test_binned_points_without_bars_and_with_seeded_intervals():
    rows(binned_points(XS, YS, 3, spread=None), [
        (2.75, 2.8, None, None), (5.5, 5.5, None, None), (8.25, 5.4, None, None)])
    rows(binned_points(XS, YS, 3, spread=90, resamples=200, seed=0), [
        (2.75, 2.8, 1.2, 1.2), (5.5, 5.5, 3.5, 3.5), (8.25, 5.4, 1.2, 1.2)])
    rows(binned_points(XS, YS, 2, estimator=np.median, resamples=100, seed=1), [
        (3.6666666667, 3.5, 2.5, 3.0), (7.3333333333, 5.0, 2.0, 1.5)])


def test_straight_fit_without_band():
    fit, low, high = straight_fit(X, Y, [0, 3.5, 7], ci=None)
    same(fit, [0.0133333333, 7.0333333333, 14.0533333333])
    assert low is None and high is None


def test_straight_fit_with_a_seeded_band():
    fit, low, high = straight_fit(X, Y, [0, 7], resamples=200, seed=0)
    same(fit, [0.0133333333, 14.0533333333])
    same(low, [-0.13692073, 13.69512195])
    same(high, [0.31919069, 14.30467105])


def test_straight_fit_resamples_units():
    fit, low, high = straight_fit(X, Y, [0, 7], ci=50, resamples=200, seed=0, units=[1, 1, 2, 2, 3, 3])
    same(low, [-0.09512195, 14.011875])
    same(high, [0.06644562, 14.22083333])
