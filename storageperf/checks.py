"""Input checks shared by every model function.

Each check raises :class:`InputError` with a one-line message that names the parameter, the value it got and what
is allowed, so a reader sees what to change rather than a traceback into numpy. It is a ``ValueError`` (what a
caller catches) and, for code that tells a wrong type apart, a ``TypeError``.
"""
from __future__ import annotations

import math
import reprlib

import numpy as np


class InputError(ValueError, TypeError):
    """A parameter's value is not one the function takes: the message names the parameter, the value and what is
    allowed."""


def _show(value):
    """``value`` as a one-line message shows it: an array of numbers by its smallest and largest values, or by the
    first that is not finite; anything else by its repr, shortened (:func:`reprlib.repr`)."""
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return reprlib.repr(value)
    if arr.ndim == 0 or arr.size == 0:
        return reprlib.repr(value.item() if isinstance(value, np.generic) else value)
    bad = arr[~np.isfinite(arr)]
    if bad.size:
        return f"an array holding {float(bad[0])!r}"
    return f"an array with values from {float(arr.min())!r} to {float(arr.max())!r}"


_REAL = (int, float, np.integer, np.floating)   # one number: checked without numpy's reductions, the common case


def number(name, value, one=False, unit=""):
    """Return ``value`` as a float array (0-d for a scalar; a float with ``one``); reject strings, booleans, NaN and
    infinity, and with ``one`` anything but one number."""
    if isinstance(value, _REAL) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise InputError(f"{name} must be a finite number, got {value!r}")
        return float(value) if one else np.asarray(value, dtype=float)
    if isinstance(value, (str, bytes, bool, np.bool_)) or value is None:
        raise InputError(f"{name} must be a number, got {value!r}")
    if one and np.ndim(value) != 0:
        raise InputError(f"{name} must be one number{' of ' + unit if unit else ''}, got {_show(value)}")
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a number, got {value!r}") from None
    if not np.all(np.isfinite(arr)):
        raise InputError(f"{name} must be a finite number, got {_show(value)}")
    return float(arr) if one else arr


def in_range(name, value, low, high, unit="", context="", low_open=False, one=False):
    """Check that every ``value`` lies in [low, high] (or (low, high] with ``low_open``); return it as floats (one
    float with ``one``, which refuses an array)."""
    arr = number(name, value, one, unit)
    if np.ndim(arr) == 0:
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
        raise InputError(f"{name} must be {allowed}{unit_text}{context_text}, got {_show(value)}")
    return arr


def positive(name, value, unit="", one=False):
    """Check that every ``value`` is finite and greater than zero; return it as floats (one float with ``one``)."""
    return in_range(name, value, 0.0, np.inf, unit, low_open=True, one=one)


def choice(name, value, allowed):
    """Check that ``value`` is one of ``allowed`` (exact, case-sensitive); return it."""
    if not isinstance(value, str) or value not in allowed:
        raise InputError(f"{name} must be one of {', '.join(map(str, allowed))}; got {value!r}")
    return value


def scalar_or_array(arr):
    """Return a Python float for a 0-d array, the array otherwise."""
    return float(arr) if np.ndim(arr) == 0 else arr


def fraction(name, value, one=False):
    """Check that every ``value`` is a share between 0 and 1; return it as floats (one float with ``one``)."""
    return in_range(name, value, 0, 1, "(a fraction)", one=one)


def boolean(name, value):
    """Check that ``value`` is True or False (numpy's too); return it as a bool."""
    if not isinstance(value, (bool, np.bool_)):
        raise InputError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def whole_number(name, value, low, high=np.inf):
    """Check that ``value`` is one whole number (an int, not a bool) from ``low`` to ``high``; return it as an int."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        allowed = f"at least {low:g}" if np.isinf(high) else f"from {low:g} to {high:g}"
        raise InputError(f"{name} must be a whole number {allowed}; got {value!r}")
    return int(value)


def together(**named):
    """Broadcast the checked arrays ``named`` to one shape; refuse shapes that do not broadcast, naming them."""
    try:
        return np.broadcast_arrays(*named.values())
    except ValueError:
        shapes = ", ".join(f"{k} {np.shape(v)}" for k, v in named.items())
        raise InputError(f"{', '.join(named)} must be numbers or arrays of shapes that broadcast together, got "
                         f"{shapes}") from None


def mapping(name, value, keys):
    """Check that ``value`` is a dict holding at least ``keys``; return it."""
    if not isinstance(value, dict) or not set(keys) <= set(value):
        got = f"one with the keys {', '.join(map(str, value)) or '(none)'}" if isinstance(value, dict) else _show(value)
        raise InputError(f"{name} must be a dict with the keys {', '.join(keys)}, got {got}")
    return value


def counts(name, value, low, high=np.inf, one=False):
    """Check that every ``value`` is a whole number (an integer's value, as 4 or 4.0) from ``low`` to ``high``;
    return it as floats (one float with ``one``)."""
    arr = in_range(name, value, low, high, one=one)
    if np.any(np.mod(arr, 1) != 0):
        raise InputError(f"{name} must be a whole number, got {_show(value)}")
    return arr


def scalar(name, value, unit=""):
    """Check that ``value`` is one finite number, not an array; return it as a float."""
    return number(name, value, one=True, unit=unit)
