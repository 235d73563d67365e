import warnings

import numpy as np
import pytest

from bubble_grid.density import cell_density, density_surface

X = [1, 2, 2.5, 4, np.nan, 7, 6]
Y = [0.1, 0.5, 0.4, np.inf, 3, 0.9, 0.2]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def same(actual, expected):
    assert isinstance(actual, np.ndarray)
    assert np.ravel(actual).tolist() == pytest.approx(np.ravel(expected).tolist(), rel=1e-6, abs=1e-12)


def test_grid_reaches_past_the_data():
    xg, yg, d = density_surface(X, Y, gridsize=3)
    same(xg, [-5.0480957255, 4.0, 13.0480957255])
    same(yg, [-0.6145162679, 0.5, 1.6145162679])
    assert d.shape == (3, 3)


def test_surface_rows_follow_y():
    _, _, d = density_surface(X, Y, gridsize=3, cut=0)
    same(d, [[0.1154458653, 1.015384805e-07, 0.0006373422981],
             [0.02074833314, 3.819697239e-05, 0.03933459453],
             [0.0002860249292, 0.005583308509, 0.1461300211]])


def test_grid_without_cut_spans_the_data():
    xg, yg, _ = density_surface(X, Y, gridsize=3, cut=0)
    same(xg, [1.0, 4.0, 7.0])
    same(yg, [0.1, 0.5, 0.9])


def test_one_clip_applies_to_both_axes():
    xg, yg, d = density_surface(X, Y, gridsize=3, bw_adjust=0.5, clip=(0, 5))
    same(xg, [0.0, 2.5, 5.0])
    same(yg, [0.0, 0.628629067, 1.257258134])
    assert d[1][1] == pytest.approx(0.1096623208)


def test_a_clip_per_axis():
    xg, yg, d = density_surface(X, Y, gridsize=2, clip=((0, 5), (0, 1)))
    same(xg, [0.0, 5.0])
    same(yg, [0.0, 1.0])
    same(d[0], [0.0038470331, 0.016435729])


def test_weights_widen_the_grid():
    xg, yg, d = density_surface(X, Y, gridsize=3, weights=[1, 1, 1, 1, 1, 5, 5])
    same(xg, [-5.078775857, 4.0, 13.078775857])
    same(yg, [-0.8864452122, 0.5, 1.8864452122])
    assert d[0][1] == pytest.approx(0.07872175464)


def test_density_at_the_cells_of_the_histogram():
    xc, yc, d = cell_density(X, Y, bins=2)
    same(xc, [2.5, 5.5])
    same(yc, [0.3, 0.7])
    same(d, [[0.07936710244, 0.02679748706], [0.1135050879, 0.0003352678858]])


def test_density_at_cells_of_a_per_variable_bin_count():
    xc, yc, d = cell_density(X, Y, bins=(3, 2), bw_adjust=2)
    same(xc, [2.0, 4.0, 6.0])
    same(d, [[0.04744758463, 0.001648442676, 0.03840027338], [0.04525675337, 0.007135065128, 0.02321250112]])


def test_values_that_do_not_vary():
    with pytest.raises(ValueError):
        density_surface([1, 1, 1], [1, 2, 3])


def test_too_few_pairs():
    with pytest.raises(ValueError):
        density_surface([1, 2], [1, 2])
    with pytest.raises(ValueError):
        cell_density([1, np.nan, 3], [1, 2, 3])
