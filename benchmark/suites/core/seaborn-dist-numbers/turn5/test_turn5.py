import numpy as np
import pytest

from dist_numbers.report import distribution_report

GROWING = [round(float(v), 3) for v in np.arange(1, 41) ** 1.5]


def test_median_and_quartiles_are_observed_values():
    out = distribution_report(GROWING, points=30, resamples=500)
    assert out["n"] == 40
    assert out["median"] == 89.443
    assert out["quartiles"] == (31.623, 164.317)


def test_median_interval_is_seeded():
    out = distribution_report(GROWING, points=30, resamples=500, seed=0)
    assert out["median_interval"] == pytest.approx((56.5956, 136.4355), abs=1e-4)
    other = distribution_report(GROWING, points=30, resamples=500, seed=7)
    assert other["median_interval"] == pytest.approx((58.095, 132.957225), abs=1e-4)


def test_region_of_the_mass():
    out = distribution_report(GROWING, points=30, resamples=50)
    assert [tuple(round(v, 3) for v in pair) for pair in out["region"]] == [(-28.766, 233.562)]
    half = distribution_report(GROWING, points=30, resamples=50, mass=0.5)
    assert [tuple(round(v, 3) for v in pair) for pair in half["region"]] == [(4.025, 118.793)]


def test_an_outlier_splits_the_region():
    out = distribution_report([5, 1, 3, 2, 4, 100], points=30, resamples=300, seed=3)
    assert out["median"] == 3.0
    assert out["median_interval"] == pytest.approx((1.7375, 52.5), abs=1e-4)
    assert [tuple(round(v, 3) for v in pair) for pair in out["region"]] == [(-45.502, 64.215), (82.501, 109.93)]


def test_missing_and_infinite_values_are_ignored():
    a = distribution_report([1, 2, 2, 3, 7], points=20, resamples=200)
    b = distribution_report([1, 2, 2, None, 3, np.inf, 7], points=20, resamples=200)
    assert a == b
    assert a["median"] == 2.0 and a["quartiles"] == (2.0, 3.0)
    assert a["median_interval"] == (1.0, 7.0)


def test_boxen_depth_rules():
    x = np.arange(1, 101) ** 1.5
    depths = {d: distribution_report(x, points=10, resamples=20, depth=d)["boxes"]
              for d in ["tukey", "proportion", "trustworthy", "full", 3]}
    assert depths == {"tukey": 3, "proportion": 7, "trustworthy": 4, "full": 7, 3: 3}


def test_boxen_depth_of_large_and_small_samples():
    many = np.arange(1, 10001) % 97
    assert distribution_report(many, points=10, resamples=20)["boxes"] == 10
    assert distribution_report(many, points=10, resamples=20, depth="proportion")["boxes"] == 8
    assert distribution_report(GROWING, points=10, resamples=20)["boxes"] == 2
    assert distribution_report([1, 2, 3, 4], points=10, resamples=20)["boxes"] == 1


def test_small_sample_report():
    out = distribution_report([1, 2, 3, 4], points=10, resamples=100)
    assert out["median"] == 2.0
    assert out["quartiles"] == (1.0, 3.0)
    assert out["median_interval"] == (1.0, 4.0)


def test_too_few_values():
    with pytest.raises(ValueError):
        distribution_report([1])
    with pytest.raises(ValueError):
        distribution_report([None, 3])


def test_unknown_depth_rule():
    with pytest.raises(ValueError):
        distribution_report([1, 2, 2, 3, 7], points=10, resamples=10, depth="deep")
