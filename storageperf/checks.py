"""Input checks shared by every model function.

Each check raises ``ValueError`` (or ``TypeError`` for a wrong type) with a one-line message that names the
parameter, the value it got and what is allowed, so a reader sees what to change rather than a traceback
into numpy.
"""
from __future__ import annotations

import math

import numpy as np


def _show(value):
    arr = np.asarray(value)
    if arr.ndim == 0:
        return repr(value)
    return f"an array with values from {np.nanmin(arr)!r} to {np.nanmax(arr)!r}"


_REAL = (int, float, np.integer, np.floating)   # one number: checked without numpy's reductions, the common case


def number(name, value):
    """Return ``value`` as a float array (0-d for a scalar); reject strings, booleans, NaN and infinity."""
    if isinstance(value, _REAL) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise ValueError(f"{name} must be a finite number, got {value!r}")
        return np.asarray(value, dtype=float)
    if isinstance(value, (str, bytes, bool, np.bool_)) or value is None:
        raise TypeError(f"{name} must be a number, got {value!r}")
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a number, got {value!r}") from None
    if arr.dtype == object or not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be a finite number, got {_show(value)}")
    return arr


def in_range(name, value, low, high, unit="", context="", low_open=False):
    """Check that every ``value`` lies in [low, high] (or (low, high] with ``low_open``); return it as floats."""
    arr = number(name, value)
    if arr.ndim == 0:
        v = float(arr)
        bad = (v <= low if low_open else v < low) or v > high
    else:
        bad = np.any(arr <= low if low_open else arr < low) or np.any(arr > high)
    if bad:
        unit_text = f" {unit}" if unit else ""
        context_text = f" {context}" if context else ""
        if np.isinf(high):
            allowed = f"greater than {low:g}" if low_open else f"at least {low:g}"
        elif low_open:
            allowed = f"greater than {low:g} and at most {high:g}"
        else:
            allowed = f"between {low:g} and {high:g}"
        raise ValueError(f"{name} must be {allowed}{unit_text}{context_text}, got {_show(value)}")
    return arr


def positive(name, value, unit=""):
    """Check that every ``value`` is finite and greater than zero; return it as floats."""
    return in_range(name, value, 0.0, np.inf, unit, low_open=True)


def choice(name, value, allowed):
    """Check that ``value`` is one of ``allowed`` (exact, case-sensitive); return it."""
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(map(str, allowed))}; got {value!r}")
    return value


def scalar_or_array(arr):
    """Return a Python float for a 0-d array, the array otherwise."""
    return float(arr) if np.ndim(arr) == 0 else arr


def fraction(name, value):
    """Check that every ``value`` is a share between 0 and 1; return it as floats."""
    return in_range(name, value, 0, 1, "(a fraction)")


def boolean(name, value):
    """Check that ``value`` is True or False (numpy's too); return it as a bool."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def whole_number(name, value, low, high=np.inf):
    """Check that ``value`` is one whole number (an int, not a bool) from ``low`` to ``high``; return it as an int."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        allowed = f"at least {low:g}" if np.isinf(high) else f"from {low:g} to {high:g}"
        raise ValueError(f"{name} must be a whole number {allowed}; got {value!r}")
    return int(value)


def scalar(name, value, unit=""):
    """Check that ``value`` is one finite number, not an array; return it as a float."""
    if np.ndim(value) != 0:
        raise ValueError(f"{name} must be one number{' of ' + unit if unit else ''}, got {_show(value)}")
    return float(number(name, value))
