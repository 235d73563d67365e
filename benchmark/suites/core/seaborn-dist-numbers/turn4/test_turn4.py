import pytest

from dist_numbers.regions import density_region, peak_summary

DATA = [1, 2, 2, 3, 7]


def close(found, expected):
    assert found["bar"] == expected["bar"]
    for key in ("bar_height", "curve_peak", "curve_height"):
        assert found[key] == pytest.approx(expected[key], abs=1e-5)


def rr(intervals):
    return [tuple(round(v, 4) for v in pair) for pair in intervals]


def test_default_region_is_one_interval():
    assert rr(density_region(DATA, points=50)) == [(-1.4546, 8.7934)]
    assert rr(density_region(DATA, mass=0.5, points=50)) == [(0.5289, 3.5041)]


def test_narrow_bandwidth_narrows_the_region():
    assert rr(density_region(DATA, mass=0.5, points=50, bandwidth=0.3)) == [(1.3191, 2.7982)]


def test_separate_clusters_give_separate_intervals():
    assert rr(density_region([0, 0.1, 0.2, 10, 10.1, 10.2], mass=0.8, points=40, bandwidth=0.2)) == [
        (-0.7796, 1.1171), (9.4623, 10.9796)]


def test_every_grid_point_counts_alike():
    assert rr(density_region(DATA, mass=0.7, points=8, cut=0)) == [(1.0, 3.5714)]
    assert rr(density_region(DATA, mass=0.8, points=5, cut=0)) == [(1.0, 5.5)]
    assert rr(density_region([0, 0.1, 0.2, 10, 10.1, 10.2], mass=0.5, points=8, bandwidth=0.3, cut=0)) == [
        (0.0, 0.0), (10.2, 10.2)]


def test_whole_and_tiny_masses():
    assert rr(density_region(DATA, mass=1, points=10)) == [(-4.0993, 12.0993)]
    assert rr(density_region(DATA, mass=0.01, points=10)) == [(1.3002, 1.3002)]
    with pytest.raises(ValueError):
        density_region(DATA, mass=0)


def test_tallest_bar_and_curve_top():
    close(peak_summary(DATA, bins=3, points=20),
          {"bar": (1.0, 3.0), "bar_height": 3.0, "curve_peak": 1.947368, "curve_height": 1.733414})


def test_peaks_with_the_classic_bins():
    close(peak_summary(DATA, points=20),
          {"bar": (2.0, 3.0), "bar_height": 2.0, "curve_peak": 1.947368, "curve_height": 0.866707})


def test_first_of_equal_bars_wins():
    out = peak_summary([1, 1, 5, 5, 9], bins=2, points=9, stat="percent")
    close(out, {"bar": (5.0, 9.0), "bar_height": 60.0, "curve_peak": 3.0, "curve_height": 38.081078})


def test_weighted_peaks():
    close(peak_summary(DATA, bins=3, points=20, weights=[1, 1, 1, 1, 10]),
          {"bar": (5.0, 7.0), "bar_height": 10.0, "curve_peak": 6.368421, "curve_height": 3.020466})


def test_peaks_need_a_curve():
    with pytest.raises(ValueError):
        peak_summary([4, 4, 4])
