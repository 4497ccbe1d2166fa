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

from .. import _checks, data
from ..concepts import bandwidth, compare, units
from ..concepts.queueing import fit_load_curve, latency_under_load_ms, scaled_curve
from ..platforms import azure_netapp_files as anf

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


#: The volume type each curve's volumes are (:data:`storageperf.platforms.azure_netapp_files.VOLUME_TYPES`).
VOLUME_TYPE = {"module, 1 volume": "regular", "module, 5 volumes": "regular", "SPEC 00143, 1 large volume": "large",
               "SPEC 00142, 6 large volumes": "large", "SPEC 00147, 1 large volume (breakthrough)": "breakthrough"}

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


def bytes_per_op_kib(curve):
    """Bytes a SPEC EDA operation moves on average: the result's MB/s over its operations a second.

    Parameters
    ----------
    curve : str
        A SPEC curve of :data:`CURVES` (the module's charts give no MB/s).

    Returns
    -------
    float
        Median over the load points of ``MB/s / ops/s``, SPEC's MB read as 10^6 bytes. [KiB]

    Examples
    --------
    >>> round(bytes_per_op_kib("SPEC 00143, 1 large volume"), 2)
    15.76
    """
    _checks.choice("curve", curve, tuple(CURVES))
    g = _curves()[_curves()["curve"] == curve]
    if "mb_per_s" not in g or g["mb_per_s"].isna().all():
        raise ValueError(f"curve must be a SPEC curve (the module's charts give no MB/s); got {curve!r}")
    return float(units.convert(np.median(g["mb_per_s"] / g["ops_per_s"]), "MB", "KiB"))


def knee_check():
    """The knee rule against every curve with byte counts: ``Xmax = volumes x volume ceiling / bytes per op``.

    Returns
    -------
    pandas.DataFrame
        :func:`storageperf.concepts.compare.table`: ``measured`` (the fitted ``Xmax`` [ops/s]), ``model`` (the
        rule's), ``relative_error``; then ``volume_type``, ``volumes``, ``bytes_per_op_kib`` [KiB],
        ``knee_mibps`` (fitted ``Xmax`` x bytes per op) and ``limit_mibps`` (the published ceilings) [MiB/s].

    Notes
    -----
    A volume's wall is its throughput limit reached in operations: at the EDA mix's bytes per op the fitted
    ``Xmax`` of SPEC 00143 is the large volume's 12,800 MiB/s within a fraction of a percent, and six volumes
    reach six ceilings. In breakthrough mode the ceiling is "up to", and the wall falls far below it: something
    other than the published limit binds, and the rule does not apply.

    Examples
    --------
    >>> k = knee_check().set_index("id")
    >>> round(float(k.loc["SPEC 00143, 1 large volume", "relative_error"]), 4)
    0.0015
    """
    f = fits()
    rows = []
    for name, (_, _, volumes, document) in CURVES.items():
        try:
            op = bytes_per_op_kib(name)
        except ValueError:
            continue
        limit = volumes * anf.volume_ceiling_mibps("Ultra", VOLUME_TYPE[name])
        xmax = float(f.loc[name, "max_ops_per_s"])
        rows.append({"id": name, "document": document, "measured": xmax,
                     "model": float(bandwidth.iops_from_bandwidth(limit, op)), "volume_type": VOLUME_TYPE[name],
                     "volumes": volumes, "bytes_per_op_kib": op,
                     "knee_mibps": float(bandwidth.bandwidth_mibps(xmax, op)), "limit_mibps": limit})
    return compare.table(pd.DataFrame(rows), measured="measured", model="model", document="document")


#: The measured curve each volume type is planned from, and whether the knee rule scales it to another limit.
FARM_BASIS = {"regular": ("SPEC 00143, 1 large volume", True), "large": ("SPEC 00143, 1 large volume", True),
              "breakthrough": ("SPEC 00147, 1 large volume (breakthrough)", False)}


def farm_options(ops_per_s, latency_ms, capacity_tib, region="eastus", bytes_per_op=None):
    """Volumes, service level and cost that serve an EDA load under a latency bound, for each volume type.

    Parameters
    ----------
    ops_per_s : float
        EDA operations a second the farm offers, greater than 0. [ops/s]
    latency_ms : float
        Average response time the farm accepts, greater than 0. [ms]
    capacity_tib : float
        Data the volumes hold together, greater than 0. [TiB]
    region : str
        Azure region of the prices.
    bytes_per_op : float, optional
        Average bytes an operation of the farm's mix moves; default SPEC's EDA mix (:func:`bytes_per_op_kib`). A
        different mix keeps SPEC's curve shape and is flagged extrapolated. [KiB]

    Returns
    -------
    pandas.DataFrame
        One row per volume type and service level, feasible first, then those inside what was measured, each
        cheapest first: ``volume_type``, ``service_level``,
        ``volumes``, ``quota_tib`` and ``throughput_mibps`` per volume, ``pool_tib`` (one pool for all), ``usd``
        (a month) and ``usd_per_kops`` (per 1,000 ops/s) [USD], ``binding`` (what sets the quota: capacity or
        throughput), ``feasible``, ``basis`` (the curve and rule used) and ``extrapolated``.

    Notes
    -----
    Each volume carries ``ops_per_s / volumes``. The SPEC curve of its type gives ``R0`` and ``k``; the load a
    volume carries under the bound is ``Xmax (1 - R0 / R) ** (1 / k)``, so the volume needs
    ``Xmax = share / (1 - R0 / R) ** (1 / k)`` and, by the knee rule (:func:`knee_check`), a throughput limit of
    ``Xmax x bytes per op``. The fewest volumes whose limit fits the type's ceiling are used, each sized like
    :func:`storageperf.platforms.azure_netapp_files.size_volume` (or a Flexible volume given that throughput).
    Breakthrough mode is planned from its one measured curve, unscaled. Flagged ``extrapolated``: a latency
    bound outside the measured latencies, a regular volume (no regular-volume curve with byte counts: the knee
    rule carries the large volume's curve to it), and any breakthrough volume asked for more than was measured.
    "Load at a latency bound" interpolates the fitted curve between the measured points.

    Examples
    --------
    A farm of 400,000 ops/s under 1 ms, 100 TiB: one volume in breakthrough mode at Flexible, inside what was
    measured.

    >>> o = farm_options(400_000, 1.0, 100)
    >>> best = o.iloc[0]
    >>> best["volume_type"], best["service_level"], int(best["volumes"]), bool(best["extrapolated"])
    ('breakthrough', 'Flexible', 1, False)
    """
    ops = float(_checks.positive("ops_per_s", ops_per_s, "ops/s"))
    bound = float(_checks.positive("latency_ms", latency_ms, "ms"))
    cap = float(_checks.positive("capacity_tib", capacity_tib, "TiB"))
    f = fits()
    curves = _curves()
    rows = []
    for volume_type, (basis, scales) in FARM_BASIS.items():
        r0, xmax_ref, k = (float(f.loc[basis, c]) for c in ("light_load_latency_ms", "max_ops_per_s", "sharpness"))
        measured = curves[curves["curve"] == basis]
        if bound <= r0:
            continue
        out_of_range = not (measured["latency_ms"].min() <= bound <= measured["latency_ms"].max())
        spec_op = bytes_per_op_kib(basis)
        op = spec_op if bytes_per_op is None else float(_checks.positive("bytes_per_op", bytes_per_op, "KiB"))
        other_mix = abs(op / spec_op - 1) > 0.05
        usable = (1 - r0 / bound) ** (1 / k)            # share of Xmax a volume carries under the bound
        levels = anf.ALL_SERVICE_LEVELS if volume_type != "large" else anf.SERVICE_LEVELS
        for level in levels:
            wall = (float(bandwidth.iops_from_bandwidth(anf.volume_ceiling_mibps(level, volume_type), op)) if scales
                    else xmax_ref)                      # the most Xmax one volume of this type reaches [ops/s]
            per_volume_ops = wall * usable
            n = int(np.ceil(ops / per_volume_ops))
            n = max(n, int(np.ceil(cap / anf.quota_range_tib(volume_type)[1])))
            need_xmax = ops / n / usable
            need_mibps = float(bandwidth.bandwidth_mibps(need_xmax, op))
            if level == "Flexible":
                size = anf.flexible_volume(cap / n, need_mibps, volume_type)
            else:
                size = anf.size_volume(cap / n, need_mibps, level, volume_type)
            # one pool for all the volumes; a Flexible one must also allow all their throughput
            pool = float(anf.flexible_pool_tib(n * size["quota_tib"], n * size["throughput_mibps"])
                         if level == "Flexible" else anf.pool_size_tib(n * size["quota_tib"]))
            ok = bool(size["feasible"]) and pool <= anf.pool_range_tib()[1]
            usd = float(anf.monthly_pool_cost_usd(pool, level, n * size["throughput_mibps"], region)) if ok else np.nan
            extrapolated = (out_of_range or other_mix or volume_type == "regular"
                            or (not scales and need_xmax > xmax_ref))
            rows.append({"volume_type": volume_type, "service_level": level, "volumes": n,
                         "quota_tib": float(size["quota_tib"]), "throughput_mibps": float(size["throughput_mibps"]),
                         "pool_tib": pool, "usd": usd, "usd_per_kops": usd / ops * 1000, "binding": size["binding"],
                         "feasible": ok, "basis": basis + (", knee rule" if scales else ", as measured"),
                         "extrapolated": bool(extrapolated)})
    frame = pd.DataFrame(rows)
    return frame.sort_values(["feasible", "extrapolated", "usd"], ascending=[False, True, True],
                             na_position="last").reset_index(drop=True)
