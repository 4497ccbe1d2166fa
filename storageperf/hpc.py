"""Sizing Azure NetApp Files for an EDA/HPC farm: quota for capacity and throughput, latency under load, scaling.

Three questions from the HPC/EDA module [1]_ and the SPEC EDA results [2]_:

* **Sizing.** A volume must hold the data *and* grant the throughput: its quota is the larger of the capacity
  needed and ``throughput / rate(service level)``, and it must stay within the volume type's quota range and
  ceiling (:mod:`storageperf.anf`).
* **Latency under load.** An EDA benchmark offers more and more operations per second; the response time stays
  near its light-load value, then climbs steeply as the load nears what the volume can serve. The module's and
  SPEC's curves are described by ``R = R0 / (1 - (X / Xmax) ** k)``, fitted per curve by :func:`fit_load_curve`.
* **Scaling.** The module says throughput scales linearly with the number of volumes. :func:`scaled_curve`
  makes that a prediction: N volumes have N times one volume's ``Xmax`` and the same ``R0`` and ``k``.

The measured points are read from ``data/hpc_chart_points.csv`` (the module's charts) and
``data/spec_eda_results.csv`` (SPEC's tables).

References
----------
.. [1] mengruts, "Learn module: HPC/EDA applications on Azure NetApp Files", github.com/mengruts/mengtsai-learn-pr,
   using-anf-hpc.md: units "Understand ANF performance regarding to service level and volume quota" and "ANF
   Scalability" (fig5, fig6).
.. [2] SPEC, SPECstorage Solution 2020_eda_blended results 00143 and 00142 (2025-09-29) and 00147 (2026-02-27),
   www.spec.org/storage2020/results/.
.. [3] E. D. Lazowska, J. Zahorjan, G. S. Graham, K. C. Sevcik, "Quantitative System Performance", Prentice-Hall,
   1984, chapter 6 (response time of an open queue, R = S / (1 - U)).
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from . import _checks, anf, data

#: The load curves the chapter compares, by name: (table, selector, volumes, document).
CURVES = {
    "module, 1 volume": ("hpc_chart_points", ("fig5-anf-scalability.png", "100TiB*1"), 1, "anf-hpc-module"),
    "module, 5 volumes": ("hpc_chart_points", ("fig5-anf-scalability.png", "100TiB*5"), 5, "anf-hpc-module"),
    "SPEC 00143, 1 large volume": ("spec_eda_results", "00143", 1, "spec-storage2020-00143"),
    "SPEC 00142, 6 large volumes": ("spec_eda_results", "00142", 6, "spec-storage2020-00142"),
    "SPEC 00147, 1 large volume (breakthrough)": ("spec_eda_results", "00147", 1, "spec-storage2020-00147"),
}

#: Knee exponents :func:`fit_load_curve` tries (a design choice: 1, a single queue, to 10, a near-vertical wall).
SHARPNESS_GRID = np.round(np.arange(0.5, 10.01, 0.05), 2)
#: :func:`fit_load_curve` looks for Xmax between the largest measured load and this many times it.
XMAX_GRID_SPAN = 3.0

#: Which one-volume curve each multi-volume curve is predicted from (:func:`scaled_curve`).
SCALED_FROM = {"module, 5 volumes": "module, 1 volume", "SPEC 00142, 6 large volumes": "SPEC 00143, 1 large volume"}


def size_volume(capacity_tib, throughput_mibps, service_level, volume_type="regular"):
    """Smallest quota that holds the data and grants the throughput, and whether the volume type allows it.

    Parameters
    ----------
    capacity_tib : float or array-like
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput the volume must grant, greater than 0. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra"}
    volume_type : {"regular", "large"}

    Returns
    -------
    dict
        ``quota_tib`` [TiB]: ``max(capacity, throughput / rate, smallest quota)``; ``throughput_mibps`` [MiB/s]: what
        that quota grants, ``min(quota x rate, ceiling)``, computed even where the quota is too large;
        ``binding``: ``"capacity"`` or ``"throughput"``, whichever sets the quota; ``feasible``: the quota is
        within the volume type's range and its throughput reaches the need.

    Notes
    -----
    The module's rule [1]_: "You get the gross performance limit of the Volume by multiplying the two factors"
    (service level and quota). The ceiling and quota range are today's limits (``data/platform_limits.csv``), not
    the module's (source_discrepancies hpc-03, hpc-04).

    Examples
    --------
    The module's knowledge check: 50 TiB of data and 3,000 MiB/s. Premium needs 50 TiB (capacity binds) and grants
    64 x 50 = 3,200 MiB/s:

    >>> r = size_volume(50, 3000, "Premium")
    >>> r["quota_tib"], r["throughput_mibps"], r["binding"], r["feasible"]
    (50.0, 3200.0, 'capacity', True)
    """
    cap = _checks.positive("capacity_tib", capacity_tib, "TiB")
    need = _checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    rate = anf.throughput_per_tib_mibps(service_level)
    ceiling = anf.volume_ceiling_mibps(service_level, volume_type)
    low, high = anf.quota_range_tib(volume_type)
    by_throughput = need / rate
    quota = np.maximum(np.maximum(cap, by_throughput), low)
    granted = np.minimum(quota * rate, ceiling)
    feasible = (quota <= high) & (granted >= need)
    binding = np.where(cap >= by_throughput, "capacity", "throughput")
    scalar = np.ndim(quota) == 0
    return {"quota_tib": _checks.scalar_or_array(quota), "throughput_mibps": _checks.scalar_or_array(granted),
            "binding": str(binding) if scalar else binding,
            "feasible": bool(feasible) if scalar else feasible}


def meets_need(quota_tib, service_level, capacity_tib, throughput_mibps, volume_type="regular"):
    """Whether a volume of this quota and service level holds the data and grants the throughput.

    Parameters
    ----------
    quota_tib : float or array-like
        Quota of the volume, within the volume type's range. [TiB]
    service_level : {"Standard", "Premium", "Ultra"}
    capacity_tib : float or array-like
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput it must grant, greater than 0. [MiB/s]
    volume_type : {"regular", "large"}

    Returns
    -------
    bool or numpy.ndarray of bool
        ``quota >= capacity and anf.volume_throughput_mibps(quota) >= throughput``.

    Examples
    --------
    The module's knowledge check, question 2 (50 TiB, 3,000 MiB/s): Ultra + 25 TiB has the throughput (3,200 MiB/s)
    but not the space; Standard + 100 TiB has the space but 1,600 MiB/s.

    >>> [bool(meets_need(q, s, 50, 3000)) for q, s in [(25, "Ultra"), (50, "Premium"), (100, "Standard")]]
    [False, True, False]
    """
    cap = _checks.positive("capacity_tib", capacity_tib, "TiB")
    need = _checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    granted = anf.volume_throughput_mibps(quota_tib, service_level, volume_type)
    result = (np.asarray(quota_tib, dtype=float) >= cap) & (np.asarray(granted) >= need)
    return bool(result) if result.ndim == 0 else result


def latency_under_load_ms(ops_per_s, light_load_latency_ms, max_ops_per_s, sharpness=1.0):
    """Response time of a storage system at an offered load below its capacity.

    Parameters
    ----------
    ops_per_s : float or array-like
        Offered load, at least 0 and below ``max_ops_per_s``. [ops/s]
    light_load_latency_ms : float or array-like
        Response time when nothing queues, greater than 0. [ms]
    max_ops_per_s : float or array-like
        Load at which the response time grows without bound, greater than 0. [ops/s]
    sharpness : float or array-like
        Exponent ``k`` of the knee, greater than 0; 1 is a single open queue (M/M/1). [-]

    Returns
    -------
    float or numpy.ndarray
        ``R0 / (1 - (X / Xmax) ** k)``. [ms]

    Notes
    -----
    With ``k = 1`` this is the response time of an open single-server queue at utilisation ``X / Xmax`` [3]_.
    Storage with many servers in parallel (nodes, disks, network queues) keeps its latency flat longer and turns
    up more abruptly; a larger ``k`` describes that without modelling the servers. It is a description of a
    measured curve, fitted by :func:`fit_load_curve`, not a prediction from first principles; at or above
    ``Xmax`` the offered load cannot be served and the function refuses it.

    Examples
    --------
    At half of capacity a single queue doubles the light-load latency:

    >>> latency_under_load_ms(25_000, 0.4, 50_000)
    0.8
    """
    x = _checks.in_range("ops_per_s", ops_per_s, 0, np.inf, "ops/s")
    r0 = _checks.positive("light_load_latency_ms", light_load_latency_ms, "ms")
    xmax = _checks.positive("max_ops_per_s", max_ops_per_s, "ops/s")
    k = _checks.positive("sharpness", sharpness)
    if np.any(x >= xmax):
        raise ValueError(f"ops_per_s must be below max_ops_per_s ({np.min(xmax):g} ops/s), got "
                         f"{_checks._show(ops_per_s)}")
    return _checks.scalar_or_array(r0 / (1 - (x / xmax) ** k))


def ops_at_latency(latency_ms, light_load_latency_ms, max_ops_per_s, sharpness=1.0):
    """The load at which :func:`latency_under_load_ms` reaches a latency: ``Xmax (1 - R0 / R) ** (1 / k)``.

    Parameters
    ----------
    latency_ms : float or array-like
        Latency bound, at least ``light_load_latency_ms``. [ms]
    light_load_latency_ms, max_ops_per_s, sharpness
        As in :func:`latency_under_load_ms`.

    Returns
    -------
    float or numpy.ndarray
        Highest load whose response time is at most ``latency_ms``. [ops/s]

    Examples
    --------
    >>> ops_at_latency(0.8, 0.4, 50_000)
    25000.0
    """
    r0 = _checks.positive("light_load_latency_ms", light_load_latency_ms, "ms")
    r = _checks.in_range("latency_ms", latency_ms, float(np.min(r0)), np.inf, "ms",
                         "(the light-load latency or more)")
    xmax = _checks.positive("max_ops_per_s", max_ops_per_s, "ops/s")
    k = _checks.positive("sharpness", sharpness)
    return _checks.scalar_or_array(xmax * (1 - r0 / r) ** (1 / k))


def fit_load_curve(ops_per_s, latency_ms):
    """Fit :func:`latency_under_load_ms` to a measured latency-versus-load curve.

    Parameters
    ----------
    ops_per_s : array-like
        Measured loads, greater than 0. [ops/s]
    latency_ms : array-like
        Measured response times, greater than 0, same length; at least two above the smallest. [ms]

    Returns
    -------
    dict
        ``light_load_latency_ms`` (the smallest measured latency), ``max_ops_per_s`` and ``sharpness``.

    Notes
    -----
    ``R0`` is the curve's smallest latency. ``k`` and ``Xmax`` minimise the squared error of ``log R`` (so a
    relative error counts the same at 0.3 ms and at 6 ms), searched on a grid: ``k`` from :data:`SHARPNESS_GRID`,
    ``Xmax`` from just above the largest measured load (every measured load must be servable) to
    :data:`XMAX_GRID_SPAN` times it. A grid, not a solver, so the fit is the same on every machine.

    Examples
    --------
    Three points of a single queue with R0 = 0.4 ms and Xmax = 50,000 ops/s give those parameters back:

    >>> fit = fit_load_curve([1, 25_000, 40_000], [0.4, 0.8, 2.0])
    >>> round(fit["max_ops_per_s"], -2), fit["sharpness"]
    (50000.0, 1.0)
    """
    x = _checks.positive("ops_per_s", ops_per_s, "ops/s")
    r = _checks.positive("latency_ms", latency_ms, "ms")
    if x.shape != r.shape or x.ndim != 1:
        raise ValueError(f"ops_per_s and latency_ms must be 1-d and of the same length, got shapes {x.shape} "
                         f"and {r.shape}")
    r0 = r.min()
    if (r > r0).sum() < 2:
        raise ValueError(f"latency_ms must have at least two values above its smallest ({r0:g} ms), got "
                         f"{int((r > r0).sum())}")
    k = SHARPNESS_GRID[:, None, None]
    xmax = (x.max() * (1 + np.geomspace(1e-3, XMAX_GRID_SPAN - 1, 400)))[None, :, None]
    model = r0 / (1 - (x[None, None, :] / xmax) ** k)
    sse = ((np.log(model) - np.log(r)[None, None, :]) ** 2).sum(axis=2)
    i, j = np.unravel_index(np.argmin(sse), sse.shape)
    return {"light_load_latency_ms": float(r0), "max_ops_per_s": float(xmax[0, j, 0]),
            "sharpness": float(SHARPNESS_GRID[i])}


def scaled_curve(fit, volumes):
    """One volume's fitted curve, scaled to several volumes: ``Xmax`` times the volumes, ``R0`` and ``k`` kept.

    Parameters
    ----------
    fit : dict
        A result of :func:`fit_load_curve` for one volume.
    volumes : int
        Number of volumes sharing the load evenly, at least 1. [-]

    Returns
    -------
    dict
        The same keys as ``fit``.

    Notes
    -----
    The module's claim, "by simply adding # of Volumes to ANF, maximum throughput can scale linearly, and still
    maintaining low response time" [1]_, made a prediction: each volume carries ``X / volumes`` at the latency one
    volume has at that load.

    Examples
    --------
    >>> scaled_curve({"light_load_latency_ms": 0.4, "max_ops_per_s": 50_000, "sharpness": 2.0}, 5)["max_ops_per_s"]
    250000.0
    """
    n = _checks.in_range("volumes", volumes, 1, np.inf)
    return {**fit, "max_ops_per_s": float(fit["max_ops_per_s"] * n)}


@functools.cache
def _curves():
    rows = []
    chart = data.load("hpc_chart_points")
    spec = data.load("spec_eda_results").pivot_table(index=["result", "job_sets"], columns="metric",
                                                      values="value").reset_index()
    for name, (table, sel, volumes, document) in CURVES.items():
        if table == "hpc_chart_points":
            pts = chart[(chart["figure"] == sel[0]) & (chart["series"] == sel[1])]
            frame = pd.DataFrame({"ops_per_s": pts["ops_per_s"].astype(float), "latency_ms": pts["value"]})
        else:
            pts = spec[spec["result"] == sel]
            frame = pd.DataFrame({"ops_per_s": pts["ops_per_sec"], "latency_ms": pts["avg_latency_ms"],
                                  "mb_per_s": pts["mb_per_sec"], "job_sets": pts["job_sets"].astype(float)})
        rows.append(frame.assign(curve=name, volumes=volumes, document=document))
    return pd.concat(rows, ignore_index=True).sort_values(["curve", "ops_per_s"], kind="stable")


def load_curves():
    """Every measured point of :data:`CURVES`: curve, volumes, document, ops_per_s [ops/s], latency_ms [ms]
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
    """Every measured point beside the model: ``fitted`` (the curve's own fit) and, for the multi-volume curves,
    ``scaled`` (predicted from one volume by :func:`scaled_curve`), with their relative errors
    ``(model - measured) / measured``. A point at or past the model's ``Xmax`` gets NaN (the model says the load
    cannot be served).
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
    for col in ("fitted", "scaled"):
        curves[f"{col}_error"] = (curves[col] - curves["latency_ms"]) / curves["latency_ms"]
    return curves
