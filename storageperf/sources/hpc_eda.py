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

* **Planning a farm.** Each volume type from its own measured curve (:func:`volume_load`, :func:`farm_options`):
  large volumes and breakthrough mode from SPEC's results, regular volumes from Microsoft's EDA page [3]_.

The measured points are read from ``data/sources/hpc_eda_chart_points.csv`` (the module's charts),
``hpc_eda_spec_results.csv`` (SPEC's tables) and ``hpc_eda_learn_results.csv`` (Microsoft's EDA page).

References
----------
.. [1] mengruts, "Learn module: HPC/EDA applications on Azure NetApp Files", github.com/mengruts/mengtsai-learn-pr,
   using-anf-hpc.md: units "Understand ANF performance regarding to service level and volume quota" and "ANF
   Scalability" (fig5, fig6).
.. [2] SPEC, SPECstorage Solution 2020_eda_blended results 00143 and 00142 (2025-09-29) and 00147 (2026-02-27),
   www.spec.org/storage2020/results/.
.. [3] Microsoft, "Benefits of using Azure NetApp Files for Electronic Design Automation (EDA)", Microsoft Learn,
   ms.date 2025-10-13.
"""
from __future__ import annotations

import functools
import math

import numpy as np
import pandas as pd

from .. import checks, data
from .._cache import cached
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


@cached
def fits():
    """:func:`fit_load_curve` for every curve of :data:`CURVES`, as a DataFrame indexed by curve (fitted once)."""
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


#: How SPEC's "MB/sec" can be read. SPEC's results write "MB/sec" and nothing the guide could read of SPEC's defines
#: the MB (source_discrepancies hpc-eda-15): "as written" reads the label by its own meaning, the unit the data rows
#: carry (MB, 10^6 bytes, as the data package reads every label its source does not define otherwise); "binary"
#: reads it as MiB (2^20 bytes).
SPEC_MB_READINGS = ("as written", "binary")

#: The reading the model plans with: the label as written. Not the one whose knee lands on a ceiling because it does:
#: :func:`spec_mb_readings` shows both, and the knee rule is not evidence for either.
SPEC_MB_READING = "as written"


def _spec_mb_unit(reading):
    """The unit SPEC's MB/s is read in: the data rows' own (as written) or MiB (binary)."""
    if reading == "binary":
        return "MiB"
    written = set(data.load("hpc_eda_spec_results").query("metric == 'mb_per_sec'")["unit"])
    if len(written) != 1:
        raise ValueError(f"SPEC's MB/s rows must share one unit; got {sorted(written)}")
    return written.pop().removesuffix("/s")


def bytes_per_op_kib(curve, reading=SPEC_MB_READING):
    """Bytes a SPEC EDA operation moves on average: the result's MB/s over its operations a second.

    Parameters
    ----------
    curve : str
        A SPEC curve of :data:`CURVES` (the module's charts give no MB/s).
    reading : str
        How SPEC's MB is read, one of :data:`SPEC_MB_READINGS`; default :data:`SPEC_MB_READING`, the label as
        written (10^6 bytes).

    Returns
    -------
    float
        Median over the load points of ``MB/s / ops/s``. [KiB]

    Notes
    -----
    SPEC does not define its MB in what the guide could read (hpc-eda-15); read as MiB every value is
    2^20 / 10^6 = 1.048576 times larger. :func:`spec_mb_readings` shows what that changes.

    Examples
    --------
    >>> round(bytes_per_op_kib("SPEC 00143, 1 large volume"), 2)
    15.76
    >>> round(bytes_per_op_kib("SPEC 00143, 1 large volume", "binary"), 2)
    16.52
    """
    checks.choice("curve", curve, tuple(CURVES))
    checks.choice("reading", reading, SPEC_MB_READINGS)
    return _bytes_per_op_kib(curve, reading)


@functools.cache
def _bytes_per_op_kib(curve, reading=SPEC_MB_READING):
    """:func:`bytes_per_op_kib` of a checked curve and reading, read once."""
    g = _curves()[_curves()["curve"] == curve]
    if "mb_per_s" not in g or g["mb_per_s"].isna().all():
        raise ValueError(f"curve must be a SPEC curve (the module's charts give no MB/s); got {curve!r}")
    return float(units.convert(np.median(g["mb_per_s"] / g["ops_per_s"]), _spec_mb_unit(reading), "KiB"))


def knee_check(reading=SPEC_MB_READING):
    """The knee rule against every curve with byte counts: ``Xmax = volumes x volume ceiling / bytes per op``.

    Parameters
    ----------
    reading : str
        How SPEC's MB is read (:data:`SPEC_MB_READINGS`), which sets the bytes per operation.

    Returns
    -------
    pandas.DataFrame
        :func:`storageperf.concepts.compare.table`: ``measured`` (the fitted ``Xmax`` [ops/s]), ``model`` (the
        rule's), ``relative_error``; then ``volume_type``, ``volumes``, ``bytes_per_op_kib`` [KiB],
        ``knee_mibps`` (fitted ``Xmax`` x bytes per op) and ``limit_mibps`` (the published ceilings) [MiB/s].

    Notes
    -----
    With SPEC's MB read as written (10^6 bytes) the fitted ``Xmax`` of SPEC 00143 is the large volume's 12,800
    MiB/s within a fraction of a percent, and six volumes reach six ceilings; read as MiB, about 5 % above them
    (:func:`spec_mb_readings`). SPEC does not say which (hpc-eda-15), so the agreement supports the rule only under
    the reading the label states; it is not why that reading is used. In breakthrough mode the ceiling is "up to",
    and the wall falls far below it in either reading: something other than the published limit binds, and the
    rule does not apply.

    Examples
    --------
    >>> k = knee_check().set_index("id")
    >>> round(float(k.loc["SPEC 00143, 1 large volume", "relative_error"]), 4)
    0.0015
    """
    checks.choice("reading", reading, SPEC_MB_READINGS)
    f = fits()
    rows = []
    for name, (_, _, volumes, document) in CURVES.items():
        try:
            op = bytes_per_op_kib(name, reading)
        except ValueError:
            continue
        limit = volumes * anf.volume_ceiling_mibps("Ultra", VOLUME_TYPE[name])
        xmax = float(f.loc[name, "max_ops_per_s"])
        rows.append({"id": name, "document": document, "measured": xmax,
                     "model": float(bandwidth.iops_from_bandwidth(limit, op)), "volume_type": VOLUME_TYPE[name],
                     "volumes": volumes, "bytes_per_op_kib": op,
                     "knee_mibps": float(bandwidth.bandwidth_mibps(xmax, op)), "limit_mibps": limit})
    return compare.table(pd.DataFrame(rows), measured="measured", model="model", document="document")


def spec_mb_readings(curve="SPEC 00143, 1 large volume", service_level="Ultra"):
    """What each reading of SPEC's MB gives for a curve: its bytes per operation, the knee rule, the ceiling in
    operations.

    Parameters
    ----------
    curve : str
        A SPEC curve of :data:`CURVES` on large volumes (the knee rule's).
    service_level : str
        The level whose large-volume ceiling is carried to operations.

    Returns
    -------
    pandas.DataFrame
        Indexed by reading (:data:`SPEC_MB_READINGS`): ``unit`` (the MB read as), ``bytes_per_op_kib`` [KiB],
        ``knee_mibps`` (fitted ``Xmax`` x bytes per op) and ``limit_mibps`` [MiB/s], ``relative_error`` (the knee
        rule's, :func:`knee_check`), ``ops_ceiling`` (one volume's ceiling in operations by the knee rule, as
        :func:`volume_load` plans it) [ops/s] and ``planned`` (the reading the model plans with).

    Notes
    -----
    SPEC's results write "MB/sec" and the guide found no definition of the MB by SPEC (hpc-eda-15). The model reads
    the label as written; the other reading makes every operation 4.9 % larger, puts the knee rule's wall about 5 %
    above the published ceiling, and gives a large volume 4.6 % fewer operations a second.

    Examples
    --------
    >>> r = spec_mb_readings()
    >>> r["unit"].tolist(), r["planned"].tolist()
    (['MB', 'MiB'], [True, False])
    """
    checks.choice("curve", curve, tuple(c for c, t in VOLUME_TYPE.items() if t == "large"))
    checks.choice("service_level", service_level, anf.supported_service_levels("large"))
    top = anf.volume_ceiling_mibps(service_level, "large")
    rows = []
    for reading in SPEC_MB_READINGS:
        k = knee_check(reading).set_index("id").loc[curve]
        op = bytes_per_op_kib(curve, reading)
        rows.append({"reading": reading, "unit": _spec_mb_unit(reading), "bytes_per_op_kib": op,
                     "knee_mibps": float(k["knee_mibps"]), "limit_mibps": float(k["limit_mibps"]),
                     "relative_error": float(k["relative_error"]),
                     "ops_ceiling": float(bandwidth.iops_from_bandwidth(top, op)),
                     "planned": reading == SPEC_MB_READING})
    return pd.DataFrame(rows).set_index("reading")


#: The measured curve each volume type is planned from, and whether the knee rule scales it to another limit.
#: Regular volumes are planned from Microsoft's EDA page's own regular-volume results (:func:`regular_volume_curve`).
FARM_BASIS = {"regular": ("Learn EDA page, 1 regular volume", False), "large": ("SPEC 00143, 1 large volume", True),
              "breakthrough": ("SPEC 00147, 1 large volume (breakthrough)", False)}


@functools.cache
def _regular(volumes):
    t = data.load("hpc_eda_learn_results")
    t = t[(t["volume_type"] == "regular") & (t["volumes"] == volumes)]
    # the table's metric names, in the model's units vocabulary (book/glossary.md)
    t = t.pivot_table(index="point", columns="metric", values="value")
    return t.rename(columns={"ops_per_sec": "ops_per_s", "mib_per_sec": "mibps"}).sort_values("ops_per_s")


def regular_volume_curve(volumes=1):
    """The regular-volume EDA results of Microsoft's EDA benchmark page: at 2 ms and at the performance edge.

    Parameters
    ----------
    volumes : int
        1 or 6, the regular-volume tests the page gives.

    Returns
    -------
    pandas.DataFrame
        Indexed by point (``2ms``, ``edge``), load first: ``latency_ms`` (the column heading's) [ms],
        ``ops_per_s`` [ops/s] and ``mibps`` [MiB/s], for all the volumes together.

    Examples
    --------
    >>> float(regular_volume_curve().loc["edge", "ops_per_s"])
    49502.0
    """
    if volumes not in (1, 6) or isinstance(volumes, bool):
        raise ValueError(f"volumes must be 1 or 6 (the regular-volume tests of Microsoft's EDA page); got {volumes!r}")
    return _regular(int(volumes)).copy()


def _ops_ceiling(volume_type, service_level, op_ratio):
    """One volume's ceiling in EDA operations a second and the mix's bytes per operation [KiB] (:func:`volume_load`)."""
    t = latency_curves()["types"][volume_type]
    op, top = t["op"] * op_ratio, anf.volume_ceiling_mibps(service_level, volume_type)
    if volume_type == "regular":
        return min(t["xmax"], float(bandwidth.iops_from_bandwidth(top, op))), op
    if not t["scales"]:
        return t["xmax"], op
    # the knee rule carries the ceiling in bytes to operations at the mix's bytes per operation, but never above
    # the operations of the measured mix: smaller operations do not make a volume serve more of them
    return float(bandwidth.iops_from_bandwidth(top, max(op, t["op"]))), op


def volume_load(volume_type, latency_ms, service_level="Ultra", bytes_per_op=None):
    """The EDA load one volume carries under a latency bound, from its type's own measured curve.

    Parameters
    ----------
    volume_type : str
        ``regular``, ``large`` or ``breakthrough`` (:data:`FARM_BASIS`).
    latency_ms : float
        Average response time the farm accepts, greater than 0. [ms]
    service_level : str
        A service level of :data:`storageperf.platforms.azure_netapp_files.ALL_SERVICE_LEVELS`: a large volume's
        ceiling, and a regular one's, depend on it.
    bytes_per_op : float, optional
        Average bytes an operation of the farm's mix moves; default the measured mix. [KiB]

    Returns
    -------
    dict or None
        None when the bound is at or below the curve's light-load latency (no load meets it). Otherwise
        ``ops_ceiling`` (the most operations a second one volume of the type and level serves: the knee rule's
        ``Xmax`` for a large volume, which smaller operations than the measured mix's do not raise, the measured
        ``Xmax`` in breakthrough mode, the measured edge for a regular volume) [ops/s], ``usable`` (the share of
        the ceiling it carries under the bound), ``ops_per_s`` (their product) [ops/s], ``bytes_per_op_kib``
        [KiB], ``basis`` and ``extrapolated`` (a bound outside the curve's measured latencies, or another mix).

    Notes
    -----
    A regular volume's curve is Microsoft's EDA page (:func:`regular_volume_curve`): 39,601 operations a second
    at 2 ms and 49,502 at the edge (~3 ms), 866 MiB/s there, far below the regular volume's 4,500 MiB/s ceiling:
    operations bind, not throughput, so the knee rule does not carry the large volume's curve to it. Between the
    two points the load is read on a straight line; under a tighter bound than 2 ms the large volume's curve shape
    (R0, k) is scaled to the 2 ms point, flagged extrapolated.

    Examples
    --------
    >>> r = volume_load("regular", 2.0)
    >>> round(r["ops_per_s"]), round(r["ops_ceiling"]), r["extrapolated"]
    (39601, 49502, False)
    """
    checks.choice("volume_type", volume_type, tuple(FARM_BASIS))
    bound = checks.positive("latency_ms", latency_ms, "ms", one=True)
    checks.choice("service_level", service_level, anf.ALL_SERVICE_LEVELS)
    f = fits()
    large = FARM_BASIS["large"][0]
    spec_op = bytes_per_op_kib(large)
    op_ratio = 1.0 if bytes_per_op is None else checks.positive("bytes_per_op", bytes_per_op, "KiB", one=True) / spec_op
    other_mix = abs(op_ratio - 1) > 0.05
    basis, scales = FARM_BASIS[volume_type]
    if volume_type == "regular":
        pts = regular_volume_curve(1)
        edge = pts.loc["edge"]
        ceiling, op = _ops_ceiling("regular", service_level, op_ratio)
        lat, ops = pts["latency_ms"].to_numpy(), pts["ops_per_s"].to_numpy()
        if bound < lat[0]:       # tighter than measured: the large volume's shape, scaled to the 2 ms point
            r0, k = (float(f.loc[large, c]) for c in ("light_load_latency_ms", "sharpness"))
            if bound <= r0:
                return None
            at = ops[0] * ((1 - r0 / bound) / (1 - r0 / lat[0])) ** (1 / k)
        else:
            at = float(np.interp(bound, lat, ops))
        usable = at / float(edge["ops_per_s"])   # the share of the edge the bound allows, as the knee rule reads it
        out_of_range = not lat[0] <= bound <= lat[-1]
        basis += ", as measured"
    else:
        r0, k = (float(f.loc[basis, c]) for c in ("light_load_latency_ms", "sharpness"))
        if bound <= r0:
            return None
        low, high = latency_curves()["types"][volume_type]["measured"]   # the curve's lowest and highest latency
        out_of_range = not low <= bound <= high
        ceiling, op = _ops_ceiling(volume_type, service_level, op_ratio)
        usable = (1 - r0 / bound) ** (1 / k)            # share of Xmax a volume carries under the bound
        basis += ", knee rule" if scales else ", as measured"
    return {"ops_ceiling": ceiling, "usable": usable, "ops_per_s": ceiling * usable, "bytes_per_op_kib": op,
            "basis": basis, "extrapolated": bool(out_of_range or other_mix)}


def volume_latency_ms(volume_type, ops_per_s, throughput_mibps, service_level="Ultra", bytes_per_op=None):
    """The latency one volume gives an EDA load, from its type's measured curve, at the throughput it is given.

    Parameters
    ----------
    volume_type : str
        ``regular``, ``large`` or ``breakthrough`` (:data:`FARM_BASIS`).
    ops_per_s : float
        EDA operations a second the volume serves, greater than 0. [ops/s]
    throughput_mibps : float
        The volume's throughput limit, greater than 0. [MiB/s]
    service_level, bytes_per_op
        As in :func:`volume_load`.

    Returns
    -------
    dict
        ``latency_ms`` [ms], infinite where the load is at or past what the curve says the volume serves (a regular
        volume: past the edge Microsoft measured); ``ops_ceiling`` (the volume's ``Xmax`` at its throughput)
        [ops/s]; ``basis`` and ``extrapolated``, as :func:`volume_load` flags them.

    Notes
    -----
    The inverse of :func:`volume_load` at a given throughput: ``Xmax`` is the type's ceiling in operations
    (:func:`volume_load`'s ``ops_ceiling``), and no more than the throughput limit carries at the mix's bytes per
    operation, as :func:`farm_options` sizes a volume. A large volume and one in breakthrough mode follow their fitted
    curve, ``R0 / (1 - (X / Xmax) ** k)``; a regular volume its two measured points, the load scaled by
    ``edge / Xmax``, read on a straight line between them and by the large volume's curve shape below the 2 ms one.

    Examples
    --------
    The HPC/EDA chapter's regular volume at the load it measured at 2 ms, given the whole regular-volume ceiling:

    >>> round(volume_latency_ms("regular", 39_601, 4500)["latency_ms"], 2)
    2.0
    """
    checks.choice("volume_type", volume_type, tuple(FARM_BASIS))
    x = checks.positive("ops_per_s", ops_per_s, "ops/s", one=True)
    mibps = checks.positive("throughput_mibps", throughput_mibps, "MiB/s", one=True)
    checks.choice("service_level", service_level, anf.ALL_SERVICE_LEVELS)
    c = latency_curves()
    t = c["types"][volume_type]
    ratio = 1.0 if bytes_per_op is None else (checks.positive("bytes_per_op", bytes_per_op, "KiB", one=True)
                                              / c["spec_op"])
    ceiling, op = _ops_ceiling(volume_type, service_level, ratio)   # and no more than the throughput given carries
    xmax = min(ceiling, float(bandwidth.iops_from_bandwidth(mibps, op)))
    outside = False
    if volume_type == "regular":
        lat, ops = t["lat"], t["ops"]
        at = x * ops[-1] / xmax                      # the load on the measured curve, scaled to its edge
        if at > ops[-1] * (1 + 1e-12):
            latency = float("inf")
        elif at >= ops[0]:
            latency = float(np.interp(at, ops, lat))
        else:                                        # below the 2 ms point: the large volume's shape through it
            latency, outside = t["r0"] / (1 - (at / ops[0]) ** t["k"] * (1 - t["r0"] / lat[0])), True
    else:
        latency = float(latency_under_load_ms(x, t["r0"], xmax, t["k"])) if x < xmax else float("inf")
        outside = math.isfinite(latency) and not t["measured"][0] <= latency <= t["measured"][1]
    return {"latency_ms": latency, "ops_ceiling": xmax, "basis": t["basis"],
            "extrapolated": bool(outside or abs(ratio - 1) > 0.05)}


@functools.cache
def latency_curves():
    """What :func:`volume_latency_ms` reads, as plain numbers (read once; the site's studio gets the same).

    Returns
    -------
    dict
        ``spec_op``, the measured EDA mix's bytes per operation [KiB]; ``types``, by volume type: ``basis`` (the
        curve and rule), ``scales`` (the knee rule carries the ceiling), ``r0`` [ms] and ``k`` of the fitted shape (a
        regular volume borrows the large volume's), ``xmax`` (the measured ceiling) [ops/s], ``op`` (the curve's
        bytes per operation) [KiB] and ``measured`` (its lowest and highest latency) [ms]; a regular volume also
        ``lat`` [ms] and ``ops`` [ops/s], its two measured points.

    Examples
    --------
    >>> latency_curves()["types"]["regular"]["ops"]
    [39601.0, 49502.0]
    """
    f, curves = fits(), _curves()
    large = FARM_BASIS["large"][0]
    pts = regular_volume_curve(1)
    types = {}
    for t, (basis, scales) in FARM_BASIS.items():
        fit = large if t == "regular" else basis
        lat = pts["latency_ms"] if t == "regular" else curves.loc[curves["curve"] == basis, "latency_ms"]
        types[t] = {"basis": basis + (", knee rule" if scales else ", as measured"), "scales": scales,
                    "r0": float(f.loc[fit, "light_load_latency_ms"]), "k": float(f.loc[fit, "sharpness"]),
                    "xmax": float(pts["ops_per_s"].iloc[-1] if t == "regular" else f.loc[basis, "max_ops_per_s"]),
                    "op": (float(units.convert(pts["mibps"].iloc[-1] / pts["ops_per_s"].iloc[-1], "MiB", "KiB"))
                           if t == "regular" else bytes_per_op_kib(basis)),
                    "measured": [float(lat.min()), float(lat.max())]}
    types["regular"].update(lat=pts["latency_ms"].tolist(), ops=pts["ops_per_s"].tolist())
    return {"spec_op": bytes_per_op_kib(large), "types": types}


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
        different mix keeps the measured curves' shapes and is flagged extrapolated. [KiB]

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
    Each volume carries ``ops_per_s / volumes``, at most what :func:`volume_load` says one volume of its type and
    level carries under the bound, from the type's own measured curve: a large volume's ``Xmax`` is its ceiling in
    operations by the knee rule (:func:`knee_check`) and SPEC 00143 gives ``R0`` and ``k``; breakthrough mode is
    its one measured curve (SPEC 00147), unscaled; a regular volume is Microsoft's EDA page's regular volume,
    whose ceiling is the 49,502 operations a second it reached at the edge. The volume's throughput limit must
    cover its share at the ceiling's bytes per operation, ``share / usable x bytes per op``; the fewest volumes are
    used, each sized like :func:`storageperf.platforms.azure_netapp_files.size_volume` (or a Flexible volume given
    that throughput). Flagged ``extrapolated``: a latency bound outside the type's measured latencies (a regular
    volume was measured from 2 to ~3 ms), another mix, and any breakthrough volume asked for more than was
    measured. The returned frame also has ``ops_ceiling`` (one volume's ceiling) and ``ops_per_volume`` [ops/s].

    Examples
    --------
    A farm of 400,000 ops/s under 1 ms, 100 TiB: one large volume at Flexible (generally available; breakthrough
    mode, in preview, costs more here), inside what was measured.

    >>> o = farm_options(400_000, 1.0, 100)
    >>> best = o.iloc[0]
    >>> best["volume_type"], best["service_level"], int(best["volumes"]), bool(best["extrapolated"])
    ('large', 'Flexible', 1, False)
    """
    ops = checks.positive("ops_per_s", ops_per_s, "ops/s", one=True)
    bound = checks.positive("latency_ms", latency_ms, "ms", one=True)
    cap = checks.positive("capacity_tib", capacity_tib, "TiB", one=True)
    if bytes_per_op is not None:
        checks.positive("bytes_per_op", bytes_per_op, "KiB")
    rows = []
    for volume_type in FARM_BASIS:
        # the levels Microsoft offers the volume type at today
        levels = anf.supported_service_levels(volume_type)
        for level in levels:
            load = volume_load(volume_type, bound, level, bytes_per_op)
            if load is None:
                break
            n = int(np.ceil(ops / load["ops_per_s"]))
            n = max(n, int(np.ceil(cap / anf.quota_range_tib(volume_type)[1])))
            need_xmax = ops / n / load["usable"]
            need_mibps = float(bandwidth.bandwidth_mibps(need_xmax, load["bytes_per_op_kib"]))
            # one pool for all the volumes; a Flexible one is given all their throughput
            plan = anf.pool_plan(cap, n * need_mibps, level, volume_type, volumes=n, region=region)
            pool, ok, usd = float(plan["pool_tib"]), bool(plan["feasible"]), float(plan["usd"])
            # breakthrough mode has one measured curve: more than its measured Xmax is beyond it
            beyond = volume_type == "breakthrough" and need_xmax > load["ops_ceiling"] * (1 + 1e-9)
            rows.append({"volume_type": volume_type, "service_level": level, "volumes": n,
                         "quota_tib": float(plan["quota_tib"]), "throughput_mibps": float(plan["throughput_mibps"]) / n,
                         "ops_ceiling": load["ops_ceiling"], "ops_per_volume": ops / n,
                         "pool_tib": pool, "usd": usd, "usd_per_kops": usd / ops * 1000, "binding": plan["binding"],
                         "feasible": ok, "basis": load["basis"], "extrapolated": bool(load["extrapolated"] or beyond)})
    frame = pd.DataFrame(rows)
    return frame.sort_values(["feasible", "extrapolated", "usd"], ascending=[False, True, True],
                             na_position="last").reset_index(drop=True)


#: The options of the module's knowledge check 4, and the comparisons of its EDA charts that measured each: (chart
#: figure, series with the option, series without it). The NFSv3 curve beside NFSv4.1 is fig5's tuned one volume.
TUNING_OPTIONS = {
    "nconnect": [("fig10-edabenchmark-abc.png", "C", "NONE")],
    "NFS 4.1 instead of NFS 3": [("fig11-edabenchmark-nfs.png", "vers-4.1", "100TiB*1")],
    "actimeo and nocto": [("fig10-edabenchmark-abc.png", "A", "NONE")],
    "rsize and wsize": [],
    "sysctl": [("fig10-edabenchmark-abc.png", "B", "NONE"), ("fig10-edabenchmark-abc.png", "A+B", "A")],
}


def tuning_effects():
    """Each option of the module's knowledge check 4 against its own EDA charts: with it and without it.

    Returns
    -------
    pandas.DataFrame
        One row per comparison of :data:`TUNING_OPTIONS`: ``option``, ``with`` and ``without`` (the chart
        series), ``reach_ratio`` (the last load measured with the option over the last without: how far it moved
        the wall), ``shared_loads`` (loads both series measured), ``latency_change_ms`` (the median, over those
        loads, of the response time with minus without; NaN when none) [ms], ``resolution_ms`` (the readings') and
        ``helps``: the wall moved out, or the response time fell by more than the readings' resolution.

    Examples
    --------
    >>> e = tuning_effects().set_index(["option", "with"])
    >>> bool(e.loc[("sysctl", "B"), "helps"]), bool(e.loc[("sysctl", "A+B"), "helps"])
    (False, True)
    """
    chart = data.load("hpc_eda_chart_points")
    fig5 = chart[chart["figure"] == "fig5-anf-scalability.png"]
    rows = []
    for option, comparisons in TUNING_OPTIONS.items():
        for figure, with_, without in comparisons:
            pts = chart[chart["figure"] == figure]
            a = pts[pts["series"] == with_].set_index("ops_per_s")
            b = (fig5 if without in set(fig5["series"]) else pts)
            b = b[b["series"] == without].set_index("ops_per_s")
            shared = a.index.intersection(b.index)
            change = float(np.median(a.loc[shared, "value"] - b.loc[shared, "value"])) if len(shared) else np.nan
            res = float(max(a["resolution"].max(), b["resolution"].max()))
            reach = float(a.index.max() / b.index.max())
            rows.append({"option": option, "with": with_, "without": without, "reach_ratio": reach,
                         "shared_loads": len(shared), "latency_change_ms": change, "resolution_ms": res,
                         "helps": bool(reach > 1 or change < -res)})
    return pd.DataFrame(rows)


def knowledge_check_4():
    """The answer the module's own charts give to its knowledge check 4, option by option.

    Returns
    -------
    dict
        Option -> True (a chart shows it helping, alone or on top of another option), False (measured, and it
        never helps) or None (the module never measured it, so its data give no key for it).

    Examples
    --------
    >>> [option for option, helps in knowledge_check_4().items() if helps]
    ['nconnect', 'actimeo and nocto', 'sysctl']
    """
    e = tuning_effects()
    return {option: (bool(e.loc[e["option"] == option, "helps"].any()) if comparisons else None)
            for option, comparisons in TUNING_OPTIONS.items()}
