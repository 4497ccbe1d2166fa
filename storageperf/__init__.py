"""storageperf: a small, tested model of cloud file-storage throughput, latency and cost.

Modules, one per topic: :mod:`~storageperf.units` (the only place binary and decimal units meet),
:mod:`~storageperf.bandwidth` (IOPS x block size), :mod:`~storageperf.queueing` (Little's law),
:mod:`~storageperf.anf` (Azure NetApp Files service levels, quotas and ceilings), :mod:`~storageperf.cost`
(monthly prices), :mod:`~storageperf.data` (the data package), and for the book :mod:`~storageperf.calculator`
and :mod:`~storageperf.site`.
"""
from . import anf, bandwidth, cost, data, queueing, site, units  # noqa: F401  (site registers the plotly renderer)
from .calculator import Calculator, Choice, Slider  # noqa: F401

__version__ = "0.1.0"
