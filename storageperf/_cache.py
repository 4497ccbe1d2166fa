"""One cache for the model's computed tables: each caller gets its own copy.

``functools.cache`` hands every caller the same object, so a caller that edits a returned table in place would
change what every later call returns. :func:`cached` keeps the first result and returns a deep copy of it.
"""
from __future__ import annotations

import copy
import functools


def cached(function):
    """``functools.cache`` for a function whose result may be mutable (a DataFrame, a dict): a copy a call."""
    kept = functools.cache(function)

    @functools.wraps(function)
    def fresh(*args, **kwargs):
        return copy.deepcopy(kept(*args, **kwargs))

    fresh.cache_clear = kept.cache_clear
    return fresh
