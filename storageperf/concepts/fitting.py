"""Fitting a model's free numbers to measurements: a small, deterministic minimiser.

The guide fits a few positive parameters (times, sizes) to a document's charts. A simplex search (Nelder and Mead)
in the parameters' logarithms keeps them positive and needs no solver library: the same start gives the same fit on
every machine.
"""
from __future__ import annotations

import numpy as np

from .. import checks


def nelder_mead_positive(fun, x0, iterations=600, scale=0.2):
    """Minimise ``fun`` over positive parameters by a simplex search in their logarithms.

    Parameters
    ----------
    fun : callable
        ``fun(x) -> float`` for an array ``x`` of positive parameters.
    x0 : sequence of float
        The start, every value greater than 0.
    iterations : int
        Most steps of the search, at least 1. [-]
    scale : float
        The first simplex's step in each log-parameter, greater than 0. [-]

    Returns
    -------
    numpy.ndarray
        The best parameters found (positive).

    Notes
    -----
    Reflection 1, expansion 2, contraction and shrink 0.5; it stops when the simplex's values differ by less than
    1e-13 or after ``iterations`` steps. Deterministic: ties in ordering keep the simplex's order.

    Examples
    --------
    A bowl around (2, 30):

    >>> x = nelder_mead_positive(lambda p: np.log(p[0] / 2) ** 2 + np.log(p[1] / 30) ** 2, [1.0, 1.0])
    >>> [round(float(v), 3) for v in x]
    [2.0, 30.0]
    """
    start = checks.positive("x0", x0)
    checks.whole_number("iterations", iterations, 1)
    checks.positive("scale", scale)
    x = np.log(np.atleast_1d(np.asarray(start, dtype=float)))
    simplex = [x] + [x + scale * e for e in np.eye(len(x))]
    values = [fun(np.exp(s)) for s in simplex]
    for _ in range(iterations):
        order = np.argsort(values, kind="stable")
        simplex, values = [simplex[i] for i in order], [values[i] for i in order]
        if values[-1] - values[0] < 1e-13:
            break
        centre = np.mean(simplex[:-1], axis=0)
        reflected = centre + (centre - simplex[-1])
        fr = fun(np.exp(reflected))
        if fr < values[0]:
            expanded = centre + 2 * (centre - simplex[-1])
            fe = fun(np.exp(expanded))
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            contracted = centre + 0.5 * (simplex[-1] - centre)
            fc = fun(np.exp(contracted))
            if fc < values[-1]:
                simplex[-1], values[-1] = contracted, fc
            else:
                simplex = [simplex[0]] + [simplex[0] + 0.5 * (s - simplex[0]) for s in simplex[1:]]
                values = [values[0]] + [fun(np.exp(s)) for s in simplex[1:]]
    return np.exp(simplex[int(np.argmin(values))])


def log_least_squares(predict, measured, x0):
    """Positive parameters whose predictions are nearest the measurements in ratio.

    Parameters
    ----------
    predict : callable
        ``predict(x) -> array`` of predictions, one a measurement, for an array ``x`` of positive parameters.
    measured : array-like
        The measurements, each greater than 0. [any unit, the predictions']
    x0 : sequence of float
        The start, every value greater than 0.

    Returns
    -------
    numpy.ndarray
        The parameters that minimise ``sum(ln(predict(x) / measured) ** 2)`` (:func:`nelder_mead_positive`): a
        relative error, which weighs a point at 15,000 as one at 80,000.

    Examples
    --------
    A rate that saturates, ``a t / (1 + b t)``, measured without noise at four points:

    >>> t = np.array([1.0, 2.0, 4.0, 8.0])
    >>> x = log_least_squares(lambda p: p[0] * t / (1 + p[1] * t), 5 * t / (1 + 0.5 * t), [1.0, 1.0])
    >>> [round(float(v), 3) for v in x]
    [5.0, 0.5]
    """
    y = np.asarray(checks.positive("measured", measured), dtype=float)
    return nelder_mead_positive(lambda x: float(np.sum(np.log(predict(x) / y) ** 2)), x0)


def relative_least_squares(terms, measured, offset=0.0):
    """The coefficients of a sum of terms nearest the measurements in relative error, by linear least squares.

    Parameters
    ----------
    terms : sequence of array-like
        Each term's value at every measurement, one array a coefficient. [the measurements' unit]
    measured : array-like
        The measurements, each greater than 0.
    offset : float or array-like
        A part of the prediction with no coefficient, at every measurement (0 by default). [the measurements' unit]

    Returns
    -------
    tuple of float
        The ``c`` that minimise ``sum(((offset + sum_j c_j terms_j) - measured) / measured) ** 2)``.

    Examples
    --------
    One term of 1 against measurements of 1 and 100: the fit weighs the first point's relative error as much as the
    second's, so the coefficient stays near 1, not at the mean, 50.5:

    >>> [round(c, 4) for c in relative_least_squares([[1.0, 1.0]], [1.0, 100.0])]
    [1.0099]
    """
    y = np.asarray(checks.positive("measured", measured), dtype=float)
    offset = checks.number("offset", offset)
    a = np.column_stack([np.broadcast_to(np.asarray(t, dtype=float), y.shape) for t in terms]) / y[:, None]
    coef, *_ = np.linalg.lstsq(a, (y - offset) / y, rcond=None)
    return tuple(float(c) for c in coef)
