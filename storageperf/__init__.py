"""storageperf: a small, tested model of cloud file-storage throughput, latency and cost, with the data behind it.

The package is in three layers, and a module only imports from the layers above it:

* :mod:`storageperf.concepts`: the physics every chapter shares: ``units`` (the only place binary and decimal
  units meet), ``bandwidth`` (IOPS x block size, mixes, read-ahead), ``queueing`` (Little's law, closed loops,
  latency under load), ``bounds`` (the tightest of several limits, and which binds), ``compare`` (a model
  against measurements, one table shape);
* :mod:`storageperf.platforms`: each cloud service's dated limits and prices: ``azure_netapp_files``,
  ``azure_vm``, ``google_cloud``;
* :mod:`storageperf.sources`: one thin module per source document, named after its chapter: its test setup,
  its results and its comparison with the model.

:mod:`storageperf.data` reads the data package (``data/``) for all of them. Importing the package loads numpy
and pandas only: no plotting, no widgets, no global state. The book's own code (calculators, figures, the Sphinx
extension) is the separate package ``storageperf_book``.
"""
from . import concepts, data, platforms, sources  # noqa: F401

__version__ = "0.2.0"
