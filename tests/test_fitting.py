"""The minimiser the fits use: it finds a known minimum, keeps parameters positive, and refuses bad input."""
import numpy as np
import pytest

from storageperf.concepts import fitting


def test_it_finds_the_minimum_of_a_bowl_in_three_parameters():
    target = np.array([0.5, 7.0, 300.0])
    x = fitting.nelder_mead_positive(lambda p: float(np.sum(np.log(p / target) ** 2)), [1.0, 1.0, 1.0],
                                     iterations=2000)
    assert x == pytest.approx(target, rel=1e-4)


def test_parameters_stay_positive_where_the_minimum_is_at_zero():
    x = fitting.nelder_mead_positive(lambda p: float(p[0]), [5.0], iterations=200)
    assert 0 < x[0] < 5.0


def test_the_same_start_gives_the_same_fit():
    fun = lambda p: float((p[0] - 3) ** 2 + (p[1] - 0.2) ** 2)  # noqa: E731
    assert np.array_equal(fitting.nelder_mead_positive(fun, [1, 1]), fitting.nelder_mead_positive(fun, [1, 1]))


@pytest.mark.parametrize("kwargs, message", [
    ({"x0": [0.0, 1.0]}, "x0 must be greater than 0"),
    ({"x0": [1.0], "iterations": 0}, "iterations must be a whole number"),
    ({"x0": [1.0], "scale": -1}, "scale must be greater than 0"),
])
def test_bad_input_gets_one_line_messages(kwargs, message):
    with pytest.raises(ValueError, match=message):
        fitting.nelder_mead_positive(lambda p: float(p[0]), **kwargs)
