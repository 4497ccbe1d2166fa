"""The HPC/EDA module and the SPEC EDA results: latency under load, and scaling with volumes.

Two questions from the HPC/EDA module [1]_ and the SPEC EDA results [2]_ (sizing a volume for capacity and
throughput is the platform's: :func:`storageperf.platforms.azure_netapp_files.size_volume`):

* **Latency under load.** An EDA benchmark offers more and more operations per second; the response time stays
  near its light-load value, then climbs steeply as the load nears what the volume can serve. The module's and
  SPEC's curves are described by ``R = R0 / (1 - (X / Xmax) ** k)``, fitted per curve by
  :func:`storageperf.concepts.queueing.fit_load_curve`.
* **Scaling.** The module says throughput scales linearly with the number of volumes.
  :func:`storageperf.concepts.queueing.scaled_curve` makes that a prediction: N volumes have N times one volume's
  ``Xmax`` and the same ``R0`` and ``k``.

The measured points are read from ``data/sources/hpc_eda_chart_points.csv`` (the module's charts) and
``hpc_eda_spec_results.csv`` (SPEC's tables).

References
----------
.. [1] mengruts, "Learn module: HPC/EDA applications on Azure NetApp Files", github.com/mengruts/mengtsai-learn-pr,
   using-anf-hpc.md: units "Understand ANF performance regarding to service level and volume quota" and "ANF
   Scalability" (fig5, fig6).
.. [2] SPEC, SPECstorage Solution 2020_eda_blended results 00143 and 00142 (2025-09-29) and 00147 (2026-02-27),
   www.spec.org/storage2020/results/.
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from .. import data
from ..concepts import compare
from ..concepts.queueing import fit_load_curve, latency_under_load_ms, scaled_curve

#: The document the chapter mirrors (its id in ``data/documents.csv``); the SPEC results are its companions.
DOCUMENT = "anf-hpc-module"

#: The load curves the chapter compares, by name: (table, selector, volumes, document).
CURVES = {
    "module, 1 volume": ("hpc_eda_chart_points", ("fig5-anf-scalability.png", "100TiB*1"), 1, "anf-hpc-module"),
    "module, 5 volumes": ("hpc_eda_chart_points", ("fig5-anf-scalability.png", "100TiB*5"), 5, "anf-hpc-module"),
    "SPEC 00143, 1 large volume": ("hpc_eda_spec_results", "00143", 1, "spec-storage2020-00143"),
    "SPEC 00142, 6 large volumes": ("hpc_eda_spec_results", "00142", 6, "spec-storage2020-00142"),
    "SPEC 00147, 1 large volume (breakthrough)": ("hpc_eda_spec_results", "00147", 1, "spec-storage2020-00147"),
}


#: Which one-volume curve each multi-volume curve is predicted from (:func:`scaled_curve`).
SCALED_FROM = {"module, 5 volumes": "module, 1 volume", "SPEC 00142, 6 large volumes": "SPEC 00143, 1 large volume"}


@functools.cache
def _curves():
    rows = []
    chart = data.load("hpc_eda_chart_points")
    spec = data.load("hpc_eda_spec_results").pivot_table(index=["result", "job_sets"], columns="metric",
                                                      values="value").reset_index()
    for name, (table, sel, volumes, document) in CURVES.items():
        if table == "hpc_eda_chart_points":
            pts = chart[(chart["figure"] == sel[0]) & (chart["series"] == sel[1])]
            frame = pd.DataFrame({"id": pts["id"], "ops_per_s": pts["ops_per_s"].astype(float),
                                  "latency_ms": pts["value"]})
        else:
            pts = spec[spec["result"] == sel]
            frame = pd.DataFrame({"id": [f"spec-{sel}-{j}-avg" for j in pts["job_sets"]],
                                  "ops_per_s": pts["ops_per_sec"], "latency_ms": pts["avg_latency_ms"],
                                  "mb_per_s": pts["mb_per_sec"], "job_sets": pts["job_sets"].astype(float)})
        rows.append(frame.assign(curve=name, volumes=volumes, document=document))
    return pd.concat(rows, ignore_index=True).sort_values(["curve", "ops_per_s"], kind="stable")


def load_curves():
    """Every measured point of :data:`CURVES`: id, curve, volumes, document, ops_per_s [ops/s], latency_ms [ms]
    (and, for SPEC, mb_per_s [MB/s] and job_sets).

    Examples
    --------
    >>> load_curves().groupby("curve", sort=False).size().to_dict()["module, 1 volume"]
    13
    """
    return _curves().copy()


def fits():
    """:func:`fit_load_curve` for every curve of :data:`CURVES`, as a DataFrame indexed by curve."""
    curves = _curves()
    return pd.DataFrame({name: fit_load_curve(g["ops_per_s"].to_numpy(), g["latency_ms"].to_numpy())
                         for name, g in curves.groupby("curve", sort=False)}).T.loc[list(CURVES)]


def comparison():
    """Every measured latency beside the model, as the standard comparison table.

    Returns
    -------
    pandas.DataFrame
        :func:`storageperf.concepts.compare.table`: ``measured`` (the latency [ms]), ``model`` (the curve's own
        fit) and ``relative_error``; then ``curve``, ``volumes``, ``ops_per_s``, ``scaled`` (for the
        multi-volume curves, predicted from one volume by :func:`~storageperf.concepts.queueing.scaled_curve`)
        and ``scaled_error``. A point at or past the model's ``Xmax`` gets NaN (the model says the load cannot
        be served).

    Examples
    --------
    >>> c = comparison()
    >>> list(c.columns[:6]), int(c["model"].notna().sum()) <= len(c)
    (['id', 'document', 'measured', 'model', 'relative_error', 'binding'], True)
    """
    curves = _curves().copy()
    f = fits()

    def model(fit, x):
        out = np.full(len(x), np.nan)
        ok = x < fit["max_ops_per_s"]
        out[ok] = latency_under_load_ms(x[ok], fit["light_load_latency_ms"], fit["max_ops_per_s"], fit["sharpness"])
        return out

    curves["fitted"] = np.nan
    curves["scaled"] = np.nan
    for name, idx in curves.groupby("curve").groups.items():
        x = curves.loc[idx, "ops_per_s"].to_numpy()
        curves.loc[idx, "fitted"] = model(f.loc[name], x)
        if name in SCALED_FROM:
            base = f.loc[SCALED_FROM[name]].to_dict()
            curves.loc[idx, "scaled"] = model(scaled_curve(base, CURVES[name][2]), x)
    curves["scaled_error"] = compare.relative_error(curves["scaled"].to_numpy(), curves["latency_ms"].to_numpy())
    return compare.table(curves, measured="latency_ms", model="fitted", document="document")
