"""storageperf: a small, tested model of cloud file-storage throughput, latency and cost, with the data behind it.

The package is in three layers, and a module only imports from the layers above it:

* :mod:`storageperf.concepts`: the physics every chapter shares: ``units`` (the only place binary and decimal
  units meet), ``bandwidth`` (IOPS x block size, mixes, read-ahead), ``queueing`` (Little's law, closed loops,
  latency under load), ``bounds`` (the tightest of several limits, and which binds), ``compare`` (a model
  against measurements, one table shape), ``fitting`` (a deterministic minimiser for a model's free numbers);
* :mod:`storageperf.platforms`: each cloud service's dated limits and prices: ``azure_netapp_files``,
  ``azure_vm``, ``google_cloud``;
* :mod:`storageperf.sources`: one thin module per source document, named after its chapter: its test setup,
  its results and its comparison with the model;
* :mod:`storageperf.studio`: one workload against every option the platforms and sources give, ranked.

:mod:`storageperf.data` reads the data package (``data/``) for all of them; :mod:`storageperf.measurements` reads a
reader's own fio runs into the same units and checks them (Little's law, the page cache, the workload's shape).
Importing the package loads numpy and pandas only: no plotting, no widgets, no global state. The book's own code
(calculators, figures, the Sphinx extension) is the separate package ``storageperf_book``.
"""
import importlib

#: The layers and the data reader, imported when first used (``storageperf.platforms``, or
#: ``from storageperf import data``): importing one concept reads no table and loads no platform or source.
_PARTS = ("concepts", "data", "measurements", "platforms", "sources", "studio")


def __getattr__(name):
    if name in _PARTS:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'storageperf' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_PARTS))

__version__ = "0.2.0"
