"""Concepts: units, bandwidth, queueing, bounds and comparing a model with measurements, for every chapter."""
from . import bandwidth, bounds, compare, queueing, units  # noqa: F401
