import warnings

import numpy as np
import pandas as pd
import pytest

from group_stats.densities import density_grid, group_densities

DF = pd.DataFrame({"g": list("ppppqqqrs"), "v": [1.0, 2.0, 2.5, 4.0, 3.0, 5.0, 6.5, 2.0, np.nan]})


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def same(actual, expected, tol=1e-7):
    assert isinstance(actual, np.ndarray)
    assert actual.tolist() == pytest.approx(expected, abs=tol)


def test_grid_reaches_three_bandwidths_past_the_data():
    same(density_grid(DF, "v", gridsize=5), [-2.58771681, 0.5811416, 3.75, 6.9188584, 10.08771681])


def test_grid_without_cut_spans_the_data():
    same(density_grid(DF, "v", gridsize=3, cut=0), [1.0, 3.75, 6.5])


def test_weights_change_the_bandwidth():
    same(density_grid(DF, "v", gridsize=3, bw_adjust=0.5, weights=[1, 1, 1, 1, 3, 3, 3, 1, 1]),
         [-1.02155552, 3.75, 8.52155552])


def test_no_grid_size_means_the_values_themselves():
    same(density_grid(DF, "v", gridsize=None), [1.0, 2.0, 2.5, 4.0, 3.0, 5.0, 6.5, 2.0])
    with pytest.raises(ValueError):
        density_grid(DF.iloc[:1], "v")


def test_groups_share_a_grid_and_a_norm_by_default():
    curves = group_densities(DF, "v", "g", gridsize=4)
    assert list(curves) == ["p", "q", "r"]
    grid = [-2.5877168088, 1.6374277304, 5.8625722696, 10.0877168088]
    same(curves["p"][0], grid)
    same(curves["q"][0], grid)
    same(curves["p"][1], [4.089073457e-05, 0.128024542, 0.007728612, 5.674321e-11], 1e-9)
    same(curves["q"][1], [1.370808237e-05, 0.0243210854, 0.0657762639, 0.0014392539], 1e-9)


def test_a_group_of_one_value_gets_no_curve():
    curves = group_densities(DF, "v", "g", gridsize=4)
    same(curves["r"][0], [])
    same(curves["r"][1], [])


def test_separate_grids_and_norms():
    curves = group_densities(DF, "v", "g", gridsize=3, common_grid=False, common_norm=False)
    same(curves["p"][0], [-1.8419685622, 2.5, 6.8419685622])
    same(curves["p"][1], [0.0012006914, 0.2569849728, 0.00117268402], 1e-9)
    same(curves["q"][0], [-1.2287035739, 4.75, 10.7287035739])
    same(curves["q"][1], [0.0010534948, 0.180172611, 0.0010725019], 1e-9)


def test_given_order_keeps_the_grid_of_all_the_data():
    curves = group_densities(DF, "v", "g", gridsize=3, order={"g": ["q", "z"]})
    assert list(curves) == ["q", "z"]
    same(curves["q"][0], [-2.5877168088, 3.75, 10.0877168088])
    same(curves["q"][1], [1.370808237e-05, 0.0598598375, 0.0014392539], 1e-9)
    same(curves["z"][1], [])


def test_shared_norm_scales_each_curve_by_its_share():
    shared = group_densities(DF, "v", "g", gridsize=4)
    alone = group_densities(DF, "v", "g", gridsize=4, common_norm=False)
    assert (shared["p"][1] / alone["p"][1]).tolist() == pytest.approx([0.5] * 4)
    assert (shared["q"][1] / alone["q"][1]).tolist() == pytest.approx([0.375] * 4)


def test_missing_column():
    with pytest.raises(KeyError):
        group_densities(DF, "nope", "g")
