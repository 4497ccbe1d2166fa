"""The input checks every model function uses: what each accepts, what it returns, and the one line it says when it
refuses. These messages are what a reader reads; each is written out whole."""
import math

import numpy as np
import pytest

from storageperf import checks

NAN, INF = math.nan, math.inf

#: (call, the message it refuses with, exactly)
REFUSED = [
    (lambda: checks.number("x", "ten"), "x must be a number, got 'ten'"),
    (lambda: checks.number("x", None), "x must be a number, got None"),
    (lambda: checks.number("x", True), "x must be a number, got True"),
    (lambda: checks.number("x", INF), "x must be a finite number, got inf"),
    (lambda: checks.number("x", [1, NAN]), "x must be a finite number, got an array holding nan"),
    (lambda: checks.number("x", [[1, 2], [3]]), "x must be a number, got [[1, 2], [3]]"),
    (lambda: checks.number("x", [1, 2], one=True), "x must be one number, got an array with values from 1.0 to 2.0"),
    (lambda: checks.number("x", [1.5], one=True), "x must be one number, got an array with values from 1.5 to 1.5"),
    (lambda: checks.number("x", [1, None]), "x must be a finite number, got an array holding nan"),
    (lambda: checks.scalar("x", [3, 1]), "x must be one number, got an array with values from 1.0 to 3.0"),
    (lambda: checks.scalar("x", [3, 1], "ms"), "x must be one number of ms, got an array with values from 1.0 to 3.0"),
    (lambda: checks.in_range("x", -1, 0, INF, "GiB"), "x must be at least 0 GiB, got -1"),
    (lambda: checks.in_range("x", 5, 1, 4, "KiB", "(the curve's sizes)"),
     "x must be between 1 and 4 KiB (the curve's sizes), got 5"),
    (lambda: checks.in_range("x", [2, 5], 1, 4), "x must be between 1 and 4, got an array with values from 2.0 to 5.0"),
    (lambda: checks.in_range("x", [0, 2], 0, 4, low_open=True),
     "x must be greater than 0 and at most 4, got an array with values from 0.0 to 2.0"),
    (lambda: checks.positive("x", 0, "ms"), "x must be greater than 0 ms, got 0"),
    (lambda: checks.positive("x", np.float64(-2.5)), "x must be greater than 0, got -2.5"),
    (lambda: checks.fraction("x", 1.5), "x must be between 0 and 1 (a fraction), got 1.5"),
    (lambda: checks.choice("x", "Ultra", ("Standard", "Premium")), "x must be one of Standard, Premium; got 'Ultra'"),
    (lambda: checks.boolean("x", 1), "x must be True or False, got 1"),
    (lambda: checks.whole_number("x", 2.0, 1), "x must be a whole number at least 1; got 2.0"),
    (lambda: checks.whole_number("x", 5, 1, 4), "x must be a whole number from 1 to 4; got 5"),
    (lambda: checks.whole_number("x", True, 0, 4), "x must be a whole number from 0 to 4; got True"),
    (lambda: checks.counts("x", 2.5, 1), "x must be a whole number, got 2.5"),
    (lambda: checks.counts("x", [4, 0], 1, 8), "x must be between 1 and 8, got an array with values from 0.0 to 4.0"),
    (lambda: checks.together(a=np.ones(2), b=np.ones(3)),
     "a, b must be numbers or arrays of shapes that broadcast together, got a (2,), b (3,)"),
    (lambda: checks.mapping("w", {"a": 1, "b": 2}, ("a", "c")), "w must be a dict with the keys a, c, got one with the keys a, b"),
    (lambda: checks.mapping("w", {}, ("a",)), "w must be a dict with the keys a, got one with the keys (none)"),
    (lambda: checks.mapping("w", "x" * 200, ("a",)), "w must be a dict with the keys a, got 'xxxxxxxxxxxx...xxxxxxxxxxxxx'"),
]


@pytest.mark.parametrize("call, message", REFUSED, ids=[m for _, m in REFUSED])
def test_a_refusal_says_its_one_line(call, message):
    with pytest.raises(checks.InputError) as refused:
        call()
    assert str(refused.value) == message
    assert isinstance(refused.value, ValueError) and isinstance(refused.value, TypeError)


def _same(got, expected):
    """``got`` is ``expected`` in value, type and (for arrays) dtype and shape."""
    if isinstance(expected, np.ndarray):
        return isinstance(got, np.ndarray) and got.dtype == expected.dtype and got.shape == expected.shape and \
            bool(np.all(got == expected))
    return type(got) is type(expected) and got == expected


#: (call, what it returns): a float where one number is meant, float arrays otherwise (0-d for a number).
ANSWERED = [
    (lambda: checks.number("x", 2), np.asarray(2.0)),
    (lambda: checks.number("x", [1, 2]), np.array([1.0, 2.0])),
    (lambda: checks.number("x", 2, one=True), 2.0),
    (lambda: checks.number("x", np.array(2.5), one=True), 2.5),
    (lambda: checks.number("x", np.array([2.5]).reshape(()), one=False), np.asarray(2.5)),
    (lambda: checks.scalar("x", np.int64(3)), 3.0),
    (lambda: checks.in_range("x", 0, 0, 1), np.asarray(0.0)),
    (lambda: checks.in_range("x", [0, 1], 0, 1), np.array([0.0, 1.0])),
    (lambda: checks.in_range("x", 4, 1, 4, one=True), 4.0),
    (lambda: checks.positive("x", [1e-300, 1e300]), np.array([1e-300, 1e300])),
    (lambda: checks.fraction("x", 1), np.asarray(1.0)),
    (lambda: checks.fraction("x", 0, one=True), 0.0),
    (lambda: checks.choice("x", "Premium", ("Standard", "Premium")), "Premium"),
    (lambda: checks.boolean("x", np.True_), True),
    (lambda: checks.boolean("x", False), False),
    (lambda: checks.whole_number("x", np.int64(4), 1, 4), 4),
    (lambda: checks.counts("x", 4.0, 1), np.asarray(4.0)),
    (lambda: checks.counts("x", 4, 1, one=True), 4.0),
    (lambda: checks.scalar_or_array(np.asarray(2.0)), 2.0),
    (lambda: checks.mapping("w", {"a": 1, "b": 2}, ("a",)), {"a": 1, "b": 2}),
]


@pytest.mark.parametrize("call, expected", ANSWERED, ids=[repr(e) for _, e in ANSWERED])
def test_an_accepted_value_comes_back_as_the_model_computes_with_it(call, expected):
    got = call()
    assert _same(got, expected), (got, expected)


def test_values_that_broadcast_come_back_together():
    a, b = checks.together(a=np.asarray(1.0), b=np.array([1.0, 2.0]))
    assert a.shape == b.shape == (2,)
