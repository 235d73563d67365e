import warnings

import numpy as np
import pandas as pd
import pytest

from group_stats.percentiles import group_estimates, group_percentiles, group_ranges

DF = pd.DataFrame({
    "site": ["b", "a", "b", "c", "a", "b", "b"],
    "year": [2021, 2020, 2020, 2021, 2021, 2021, 2021],
    "v": [1.0, 2.0, 3.0, 4.0, np.nan, 10.0, 7.0],
})


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def cells(frame):
    return [[None if pd.isna(v) else v for v in row] for row in frame.itertuples(index=False)]


def pairs(actual, expected):
    assert [len(p) for p in actual] == [2] * len(expected)
    assert [v for p in actual for v in p] == pytest.approx([v for p in expected for v in p])


def close(rows, expected):
    assert len(rows) == len(expected)
    for row, want in zip(rows, expected):
        assert row[:-2] == want[:-2]
        assert row[-2:] == pytest.approx(want[-2:])


def test_five_percentiles_per_group_by_default():
    result = group_percentiles(DF, "site", "v")
    assert list(result) == ["b", "a", "c"]
    pairs(result["b"], [(0.0, 1.0), (25.0, 2.5), (50.0, 5.0), (75.0, 7.75), (100.0, 10.0)])
    pairs(result["a"], [(0.0, 2.0), (25.0, 2.0), (50.0, 2.0), (75.0, 2.0), (100.0, 2.0)])


def test_percentile_method_and_count():
    result = group_percentiles(DF, "site", "v", k=3, method="nearest")
    pairs(result["b"], [(0.0, 1.0), (50.0, 7.0), (100.0, 10.0)])


def test_given_percentiles_and_order_with_an_absent_level():
    result = group_percentiles(DF, "site", "v", k=[10, 90], order={"site": ["c", "z", "b"]})
    assert list(result) == ["c", "z", "b"]
    assert result["z"] == []
    pairs(result["b"], [(10.0, 1.6), (90.0, 9.1)])


def test_percentiles_of_combinations_without_values_are_empty():
    result = group_percentiles(DF, ["year", "site"], "v", k=2)
    assert list(result) == [(2020, "b"), (2020, "a"), (2020, "c"), (2021, "b"), (2021, "a"), (2021, "c")]
    assert result[(2021, "a")] == [] and result[(2020, "c")] == []
    pairs(result[(2021, "b")], [(0.0, 1.0), (100.0, 10.0)])
    with pytest.raises(ValueError):
        group_percentiles(DF, "site", "v", k=1)


def test_estimates_with_a_seeded_interval():
    table = group_estimates(DF, "site", "v", seed=0, resamples=200)
    assert list(table.columns) == ["site", "v", "low", "high"]
    close(cells(table), [["b", 5.25, 2.0, 9.25], ["a", 2.0, 2.0, 2.0], ["c", 4.0, 4.0, 4.0]])


def test_groups_without_spread_get_a_bar_of_no_length():
    table = group_estimates(DF, "site", "v", errorbar="sd")
    close(cells(table), [["b", 5.25, 1.2188711, 9.2811289], ["a", 2.0, 2.0, 2.0], ["c", 4.0, 4.0, 4.0]])
    table = group_estimates(DF, "site", "v", errorbar=None)
    close(cells(table), [["b", 5.25, 5.25, 5.25], ["a", 2.0, 2.0, 2.0], ["c", 4.0, 4.0, 4.0]])


def test_combinations_without_an_estimate_are_left_out():
    table = group_estimates(DF, ["site", "year"], "v", func="median", errorbar=("pi", 50))
    close(cells(table), [["b", 2020, 3.0, 3.0, 3.0], ["b", 2021, 7.0, 4.0, 8.5],
                         ["a", 2020, 2.0, 2.0, 2.0], ["c", 2021, 4.0, 4.0, 4.0]])


def test_ranges():
    table = group_ranges(DF, "site", "v")
    assert list(table.columns) == ["site", "low", "high", "spread"]
    assert cells(table) == [["b", 1.0, 10.0, 9.0], ["a", 2.0, 2.0, 0.0], ["c", 4.0, 4.0, 0.0]]


def test_ranges_keep_combinations_without_values():
    table = group_ranges(DF, ["site", "year"], "v")
    assert cells(table) == [
        ["b", 2020, 3.0, 3.0, 0.0], ["b", 2021, 1.0, 10.0, 9.0], ["a", 2020, 2.0, 2.0, 0.0],
        ["a", 2021, None, None, None], ["c", 2020, None, None, None], ["c", 2021, 4.0, 4.0, 0.0]]


def test_missing_columns():
    with pytest.raises(KeyError):
        group_percentiles(DF, "site", "nope")
    with pytest.raises(KeyError):
        group_ranges(DF, "nope", "v")
