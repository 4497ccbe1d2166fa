"""Shared test helpers: one shape for every bad-input table.

A test module that defines ``BAD_INPUT``, a list of ``(function, good keyword arguments, parameter to spoil,
[(bad value, words), ...])``, and a test taking the argument ``bad_input`` gets one test per bad value. A list of
bad values may contain ``"number"``, which stands for :data:`NUMBER`. ``bad_input.check()`` asserts what a reader
must see: the good call works; the spoiled one raises ValueError or TypeError with a one-line message that names
the parameter and contains the words (the value and what is allowed).
"""
import math
from dataclasses import dataclass

import pytest
from hypothesis import settings

# A test never depends on the machine's speed: no Hypothesis deadline on a busy 2-core laptop.
settings.register_profile("guide", deadline=None)
settings.load_profile("guide")

#: Bad values any positive number parameter must refuse, with words its message must contain.
NUMBER = [(-3, "got -3"), (0, "got 0"), (math.nan, "finite"), (math.inf, "got inf"), ("ten", "must be a number"),
          (True, "must be a number"), (None, "must be a number")]


@dataclass
class BadInput:
    func: object
    good: dict
    name: str
    bad: object
    words: str

    def check(self):
        self.func(**self.good)  # the good call works
        with pytest.raises((ValueError, TypeError)) as err:
            self.func(**{**self.good, self.name: self.bad})
        message = str(err.value)
        assert self.name in message, message
        assert self.words in message, message
        assert "\n" not in message


def pytest_generate_tests(metafunc):
    if "bad_input" in metafunc.fixturenames:
        cases = []
        for func, good, name, bads in metafunc.module.BAD_INPUT:
            for entry in bads:
                for bad, words in (NUMBER if entry == "number" else [entry]):
                    cases.append(pytest.param(BadInput(func, good, name, bad, words),
                                              id=f"{func.__name__}-{name}-{bad!r}"))
        metafunc.parametrize("bad_input", cases)
