"""The minimiser the fits use and the two fits on it: each finds a known minimum, keeps parameters positive, weighs
relative errors, and refuses bad input."""
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


def test_log_least_squares_recovers_a_curve_and_weighs_each_point_by_its_ratio():
    t = np.array([1.0, 2.0, 4.0, 8.0, 16.0])
    x = fitting.log_least_squares(lambda p: p[0] * t / (1 + p[1] * t), 900 * t / (1 + 0.2 * t), [1.0, 1.0])
    assert x == pytest.approx([900, 0.2], rel=1e-4)
    # one level against 10 and 1,000: the log fit lands on their geometric mean, not the arithmetic one
    level = fitting.log_least_squares(lambda p: np.full(2, p[0]), [10.0, 1000.0], [1.0])
    assert level[0] == pytest.approx(100, rel=1e-4)


def test_relative_least_squares_recovers_a_sum_of_terms_with_an_offset():
    rng = np.random.default_rng(1)
    terms = rng.uniform(0.5, 2.0, size=(3, 20))
    offset = rng.uniform(0.0, 1.0, size=20)
    measured = offset + 1.5 * terms[0] + 0.25 * terms[1] + 4.0 * terms[2]
    assert fitting.relative_least_squares(terms, measured, offset) == pytest.approx((1.5, 0.25, 4.0), rel=1e-9)
    # without the offset the fit is another one: the offset is counted, not ignored
    assert fitting.relative_least_squares(terms, measured) != pytest.approx((1.5, 0.25, 4.0), rel=1e-3)


def test_relative_least_squares_weighs_a_small_measurement_as_much_as_a_large_one():
    # minimising ((c - 1) / 1)^2 + ((c - 100) / 100)^2: c = (1 + 1 / 100) / (1 + 1 / 100^2)
    (c,) = fitting.relative_least_squares([[1.0, 1.0]], [1.0, 100.0])
    assert c == pytest.approx((1 + 1 / 100) / (1 + 1 / 100 ** 2), rel=1e-12)


BAD_INPUT = [
    (fitting.log_least_squares, {"predict": lambda p: p, "measured": [1.0], "x0": [1.0]}, "measured",
     [([0.0], "measured must be greater than 0"), (["x"], "must be a number")]),
    (fitting.log_least_squares, {"predict": lambda p: p, "measured": [1.0], "x0": [1.0]}, "x0",
     [([-1.0], "x0 must be greater than 0")]),
    (fitting.relative_least_squares, {"terms": [[1.0]], "measured": [2.0]}, "measured",
     [([-2.0], "measured must be greater than 0"), ([2.0, np.nan], "finite")]),
]


def test_bad_input_is_named(bad_input):
    bad_input.check()

