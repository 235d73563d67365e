import warnings

import numpy as np
import pandas as pd
import pytest

from group_stats.report import group_report

DF = pd.DataFrame({"g": list("ppppqqqrs"), "v": [1.0, 2.0, 2.5, 4.0, 3.0, 5.0, 6.5, 2.0, np.nan]})


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def flat(pairs):
    return [v for p in pairs for v in p]


def test_kind_and_shared_bins():
    report = group_report(DF, "v", "g", k=3, gridsize=20)
    assert report["kind"] == "numeric"
    assert report["bins"] == pytest.approx([1.0, 2.375, 3.75, 5.125, 6.5])
    assert group_report(DF, "v", "g", k=[50], bins=3, gridsize=20)["bins"] == pytest.approx(
        [1.0, 2.8333333333, 4.6666666667, 6.5])


def test_entries_follow_the_groups():
    groups = group_report(DF, "v", "g", k=3, gridsize=20)["groups"]
    assert [g["group"] for g in groups] == ["p", "q", "r", "s"]
    assert [g["n"] for g in groups] == [4, 3, 1, 0]


def test_entry_of_a_group_with_values():
    p = group_report(DF, "v", "g", k=3, gridsize=20)["groups"][0]
    assert p["range"] == (1.0, 4.0)
    assert flat(p["percentiles"]) == pytest.approx([0.0, 1.0, 50.0, 2.25, 100.0, 4.0])
    assert p["peak"] == pytest.approx(2.0821797872)
    assert p["peak_density"] == pytest.approx(0.1343993921)


def test_groups_without_a_curve_or_without_values():
    groups = group_report(DF, "v", "g", k=3, gridsize=20)["groups"]
    r, s = groups[2], groups[3]
    assert r["range"] == (2.0, 2.0) and r["peak"] is None and r["peak_density"] is None
    assert s == {"group": "s", "n": 0, "range": (None, None), "percentiles": [], "peak": None, "peak_density": None}


def test_given_order():
    groups = group_report(DF, "v", "g", k=[50], bins=3, gridsize=20, order={"g": ["q", "z"]})["groups"]
    assert [g["group"] for g in groups] == ["q", "z"]
    assert flat(groups[0]["percentiles"]) == pytest.approx([50.0, 5.0])
    assert groups[0]["peak"] == pytest.approx(5.4178202128)
    assert groups[1]["n"] == 0


def test_numbers_stored_as_objects_are_numbers():
    obj = DF.assign(v=pd.Series([1, 2, 2.5, 4, 3, 5, 6.5, 2, None], dtype=object))
    report = group_report(obj, "v", "g", k=2, bins=2, gridsize=5)
    assert report["kind"] == "numeric"
    assert report["bins"] == pytest.approx([1.0, 3.75, 6.5])
    assert report["groups"][1]["peak"] == pytest.approx(3.75)
    assert report["groups"][1]["peak_density"] == pytest.approx(0.0598598375)


def test_zeros_and_ones_are_numbers():
    flags = pd.DataFrame({"g": list("aabb"), "f": [0, 1, 1, 1]})
    report = group_report(flags, "f", "g", k=2, bins=2, gridsize=5)
    assert report["kind"] == "numeric"
    assert report["bins"] == pytest.approx([0.0, 0.5, 1.0])
    assert report["groups"][0]["peak"] == pytest.approx(0.5)
    assert report["groups"][1]["peak"] is None


def test_flags_are_not_numbers():
    with pytest.raises(ValueError):
        group_report(pd.DataFrame({"g": list("ab"), "f": [True, False]}), "f", "g")


def test_text_and_dates_are_not_numbers():
    with pytest.raises(ValueError):
        group_report(pd.DataFrame({"g": list("ab"), "f": ["x", "y"]}), "f", "g")
    with pytest.raises(ValueError):
        group_report(pd.DataFrame({"g": list("ab"), "f": pd.to_datetime(["2020-01-01", "2021-01-01"])}), "f", "g")


def test_no_values():
    with pytest.raises(ValueError):
        group_report(pd.DataFrame({"g": list("ab"), "f": [np.nan, np.nan]}), "f", "g")
