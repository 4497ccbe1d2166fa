"""The sizing studio: one workload against every option the guide has facts for, ranked by what it costs.

It composes the platforms and sources and adds no physics of its own: each option is sized and priced by the
function of the chapter that explains it, and the row says which limit binds, how much headroom is left, what it
costs, and which dated facts it rests on. The site's studio runs the same arithmetic in the page from
:func:`facts`, a file generated from the data package at build time; a test holds the two to the same answers.

Options (:func:`options`):

* Azure NetApp Files at every service level a volume type is offered at today (regular, large, breakthrough mode):
  one volume in a pool of its own, sized by the quota (Standard, Premium, Ultra) or given its throughput
  (Flexible), every volume type capped by what was measured for it at the workload's mix (:func:`measured_cap`: a
  regular volume's mix curves, a large volume's and breakthrough mode's benchmarks); several regular volumes in
  one pool where one is not enough (all sized by :func:`storageperf.platforms.azure_netapp_files.pool_plan`), with
  manual QoS too where that needs fewer volumes; and volumes with cool access (regular ones, one or several in a
  pool, and a large one), the data not read for a month in the cool tier; and, for an EDA load, the HPC/EDA
  chapter's planner's layouts: for each volume type and level, the fewest volumes each given the throughput its
  share needs to stay under the latency bound on its measured curve (:func:`eda_bound_ms`);
* Cloud Volumes ONTAP on the Google Cloud machine types TR-4816 measured (no longer offered for new systems), and,
  one row a layout and disk type (:data:`CVO_ROUTES`), the smallest N2 machine type NetApp supports today that
  carries the workload, a single node or an HA pair, on SSD or Balanced Persistent Disk; bounded by their published
  Persistent Disk limits in NetApp's current write path; the licence price is not published, so these rows are
  never ranked as cheapest;
* a self-managed server on an Azure VM, one row a series and disk (:data:`VM_ROUTES`), its smallest size that
  carries the workload: Premium SSD P30 disks striped (the disks of the guide's Cassandra measurements) on the DSv2
  sizes the measurements ran on (End of Life) and on the Edsv6 family sold today, and Premium SSD v2 disks set to
  the need on the Edsv6 family; bounded by the disks, the VM's uncached limits for them and its network, priced for
  the VM (Linux pay-as-you-go); the guide holds no dated disk price, so these rows are never ranked as cheapest.

Each builder proposes a layout sized within its platform's limits and prices it; one pass, :func:`_judge`, then
holds every row to the same checks whichever builder proposed it (an EDA load's measured curve for every Azure
NetApp Files layout, the client VMs, the latency bound, the cold share), so an option added later gets them all.
A row beyond what was measured says so in its binding and ranks after every row inside it (:func:`rank`); under a
latency bound, rows known to meet it rank first (:func:`latency_tier`), and :func:`verdict` says what the first row
lets a reader be told.
"""
from __future__ import annotations

import functools
import math

import numpy as np
import pandas as pd

from . import checks, data
from .concepts import bandwidth, bounds, units
from .platforms import azure_netapp_files as anf
from .platforms import azure_vm
from .sources import cassandra_disk_caching as cassandra
from .sources import cvo_google_cloud as cvo
from .sources import hpc_eda, large_volumes

#: The columns of :func:`options`, in order.
COLUMNS = ("option", "platform", "feasible", "binding", "headroom", "monthly_usd", "horizon_usd", "usd_per_mibps",
           "price_complete", "latency_ms", "latency_basis", "provisioned_tib", "limit_mibps", "extrapolated",
           "status", "facts", "chapter")
#: The kinds of load (:func:`options`, ``load``): an EDA load gets its latency from the HPC/EDA chapter's curves.
LOADS = ("general", "eda")
#: How sure a row's latency is (:func:`options`, ``latency_basis``).
LATENCY_BASES = ("measured", "model inside the measured range", "extrapolated", "none")
#: The self-managed server's disk: the Premium SSD size of the guide's Cassandra measurements.
VM_DISK = "P30"
#: The VM series a self-managed server is sized on, each its sizes smallest first: the Cassandra measurements'
#: (DSv2, End of Life), the Edsv6 family sold today (uncached limits only) and the storage-optimized Lsv3 and Lasv3
#: families (local NVMe disks). A series gives one row, its smallest size that carries the workload: within a series
#: a larger size never costs less.
VM_SERIES = {"DSv2": azure_vm.DISK_SIZES, "Edsv6": azure_vm.UNCACHED_SIZES, "Lsv3": azure_vm.FAMILIES["Lsv3"],
             "Lasv3": azure_vm.FAMILIES["Lasv3"]}
VM_SIZES = tuple(size for sizes in VM_SERIES.values() for size in sizes)
#: The disks a self-managed server's data is on: the measured Premium SSD size, striped, and Premium SSD v2, set to the
#: need (sold with the Edsv6 sizes, whose size table gives its limits).
VM_V2 = "Premium SSD v2"
#: The data on an L-series size's own NVMe disks (:func:`storageperf.platforms.azure_vm.local_nvme`).
VM_NVME = "local NVMe"
#: The rows a self-managed server gives: (series, disk), each the series' smallest size that carries the workload.
VM_ROUTES = (("DSv2", VM_DISK), ("Edsv6", VM_DISK), ("Edsv6", VM_V2), ("Lsv3", VM_NVME), ("Lasv3", VM_NVME))
#: Cloud Volumes ONTAP on the machine types sold today: one row a layout and data disk type, its smallest type
#: that carries the workload (or its largest, which says why not).
CVO_ROUTES = tuple((layout, disk) for layout in cvo.LAYOUTS for disk in cvo.google_cloud.DISK_TYPES)
ANF, CVO, VM = ("Azure NetApp Files", "Cloud Volumes ONTAP on Google Cloud", "Azure VM with Premium SSD")
_LEVEL_FACTS = {"Standard": "throughput_per_tib_standard", "Premium": "throughput_per_tib_premium",
                "Ultra": "throughput_per_tib_ultra", "Flexible": "flexible_max_throughput_per_tib"}


@functools.cache
def regions():
    """The Azure regions with every Azure NetApp Files price the studio uses, sorted.

    Examples
    --------
    >>> "eastus" in regions(), len(regions()) < len(anf.regions())
    (True, True)
    """
    table = data.load("azure_netapp_files_prices")
    meters = set(anf.CAPACITY_METERS.values()) | {anf.THROUGHPUT_METER} | set(anf.COOL_METERS)
    held = table.groupby("region")["meter"].agg(set)
    return tuple(sorted(r for r, m in held.items() if meters <= m))


#: The keys of a workload (:func:`workload`), which every function taking one reads.
WORKLOAD_KEYS = ("load", "clients", "capacity_tib", "mibps", "need_mibps", "target_utilization", "io_kib", "access",
                 "access_assumed", "ops_per_s", "read_share", "latency_ms", "cold_share", "region", "months",
                 "growth_tib_per_month", "capacity_end_tib")


def workload(capacity_tib, mibps=None, ops_per_s=None, io_kib=64.0, read_share=1.0, latency_ms=None, cold_share=0.0,
             region="eastus", months=12, growth_tib_per_month=0.0, clients=None, load="general", access=None,
             target_utilization=None):
    """Check a workload and return it as a dict of plain numbers, with the throughput in MiB/s.

    Parameters are those of :func:`options`. The site's studio (``studio.js``) accepts and refuses the same inputs
    with the same messages: a region by its Azure name in any case or spacing ("EastUS", "East US") or by its
    billing name ("US East"); a whole number of months or clients given as a float (12.0); no number so large that
    the data at the horizon's end, or the bytes the throughput moves over it, is more than a float holds.

    Examples
    --------
    >>> w = workload(50, ops_per_s=32000, io_kib=64, target_utilization=0.8)
    >>> w["need_mibps"], w["mibps"], w["capacity_end_tib"]
    (2000.0, 2500.0, 50.0)
    >>> workload(50, mibps=100, region="East US", months=12.0)["region"]
    'eastus'
    """
    cap = checks.positive("capacity_tib", capacity_tib, "TiB", one=True)
    if (mibps is None) == (ops_per_s is None):
        raise ValueError(f"give one of mibps and ops_per_s; got mibps={mibps!r}, ops_per_s={ops_per_s!r}")
    io = checks.positive("io_kib", io_kib, "KiB", one=True)
    if mibps is not None:
        need = checks.positive("mibps", mibps, "MiB/s", one=True)
    else:
        kib = checks.positive("ops_per_s", ops_per_s, "ops/s", one=True) * io
        need = float(units.convert(kib, "KiB", "MiB")) if math.isfinite(kib) else math.inf
    bound = None if latency_ms is None else checks.positive("latency_ms", latency_ms, "ms", one=True)
    region = region_named(region)
    months = checks.whole_number("months", _whole(months), 1, anf.MONTHS_MAX)
    growth = checks.in_range("growth_tib_per_month", growth_tib_per_month, 0, math.inf, "TiB per month", one=True)
    clients = None if clients is None else checks.whole_number("clients", _whole(clients), 1)
    end = cap + growth * months
    seconds = float(units.convert(months * units.HOURS_PER_MONTH, "h", "s"))
    with np.errstate(over="ignore"):   # an overflow is the answer sought here, not a warning for the reader
        sizes = (("capacity_tib", units.convert(cap, "TiB", "B"), capacity_tib),
                 ("growth_tib_per_month", units.convert(end, "TiB", "B"), growth_tib_per_month),
                 ("mibps" if mibps is not None else "ops_per_s x io_kib",
                  units.convert(need * seconds, "MiB", "B") if math.isfinite(need * seconds) else math.inf,
                  mibps if mibps is not None else ops_per_s))
    for name, value, given in sizes:
        if not math.isfinite(value):
            raise ValueError(f"{name} is too large to size: over {months} months it comes to more bytes than a "
                             f"number holds; got {given!r}")
    target = (default_target_utilization() if target_utilization is None else
              checks.in_range("target_utilization", target_utilization, 0, 1, "(a fraction)", low_open=True, one=True))
    return {"load": checks.choice("load", load, LOADS), "clients": clients, "capacity_tib": cap,
            "mibps": need / target, "need_mibps": need, "target_utilization": target,
            "io_kib": io, "access": anf.access_pattern(access, io), "access_assumed": access is None,
            "ops_per_s": float(units.convert(need, "MiB", "KiB")) / io,
            "read_share": checks.fraction("read_share", read_share, one=True), "latency_ms": bound,
            "cold_share": checks.fraction("cold_share", cold_share, one=True), "region": region, "months": months,
            "growth_tib_per_month": growth, "capacity_end_tib": end}


@functools.cache
def default_target_utilization():
    """The share of a limit the studio sizes a need to by default: the optimal point of NetApp's example
    latency-versus-utilization curve, past which latency climbs (Active IQ Unified Manager, 2023-07-13;
    ``data/platforms/ontap_headroom.csv``). An example in NetApp's documentation, not a rule; Microsoft's pages give
    none for Azure NetApp Files. [-]

    Examples
    --------
    >>> default_target_utilization()
    0.8
    """
    return data.value("ontap_headroom", "optimal_point_utilization", "%") / 100


def _whole(value):
    """A float that is a whole number (12.0) as that int, as the site's form reads it; anything else as given."""
    if isinstance(value, (float, np.floating)) and math.isfinite(value) and float(value).is_integer():
        return int(value)
    return value


def _plain(name):
    return "".join(ch for ch in name.lower() if ch not in " _-")


def _checked(w):
    """``w`` checked to be a workload :func:`workload` returned (every key it gives)."""
    return checks.mapping("w", w, WORKLOAD_KEYS)


def region_named(name):
    """The Azure region a reader names: its Azure name in any case or spacing ("eastus", "EastUS", "East US") or its
    billing name ("US East"), among :func:`regions`.

    Examples
    --------
    >>> region_named("North Europe"), region_named("EU North"), region_named("westus")
    ('northeurope', 'northeurope', 'westus')
    """
    if isinstance(name, str):
        plain = _plain(name)
        names = anf.region_names()
        for r in regions():
            if plain in (r, _plain(names[r])):
                return r
        like = [r for r in regions() if plain and (r.startswith(plain) or plain.startswith(r))]
        if like:
            raise ValueError(f"region must be one of the {len(regions())} regions with every price the studio uses, "
                             f"by its Azure name or its billing name; got {name!r} (did you mean {' or '.join(like)}?)")
    raise ValueError(f"region must be one of the {len(regions())} regions with every price the studio uses, by its "
                     f"Azure name or its billing name ({', '.join(regions())}); got {name!r}")


def _row(option, platform, chapter, feasible, binding, limit_mibps, need, monthly_usd, months, provisioned_tib,
         facts, status="generally available", extrapolated=False, price_complete=True, horizon_usd=None,
         latency=(math.nan, "none"), layout=None):
    """A proposed row; ``layout`` is ``(volume_type, service_level, volumes)`` for Azure NetApp Files, what
    :func:`_judge` reads to hold every such row to the same measured curves (not a column of :func:`options`)."""
    usd = monthly_usd if feasible else math.nan
    headroom = (limit_mibps - need) / limit_mibps if feasible else math.nan
    horizon = (usd * months if horizon_usd is None else horizon_usd) if feasible else math.nan
    return {"option": option, "platform": platform, "feasible": bool(feasible), "binding": binding,
            "headroom": headroom, "monthly_usd": usd, "horizon_usd": horizon,
            "usd_per_mibps": usd / limit_mibps if feasible else math.nan, "price_complete": bool(price_complete),
            "latency_ms": latency[0], "latency_basis": latency[1], "provisioned_tib": provisioned_tib,
            "limit_mibps": limit_mibps, "extrapolated": bool(extrapolated), "status": status,
            "facts": " ".join(facts), "chapter": chapter, "layout": layout}


def _mib(value):
    return f"{value:,.0f} MiB/s"


def _anf_facts(level, volume_type, region):
    ceiling = {"regular": f"volume_ceiling_regular_{level.lower()}", "large": "volume_ceiling_large",
               "breakthrough": "volume_ceiling_breakthrough"}[volume_type]
    if volume_type == "large" and level == "Flexible":
        ceiling = "volume_ceiling_large_flexible"
    return [f"azure_netapp_files_limits:{_LEVEL_FACTS[level]}", f"azure_netapp_files_limits:{ceiling}",
            f"azure_netapp_files_limits:volume_quota_max_{volume_type}", "azure_netapp_files_limits:capacity_pool_max",
            f"azure_netapp_files_prices:{region}", "azure_netapp_files_volume_support"] + (
        ["azure_netapp_files_mix_curves"] if volume_type == "regular" else ["large_volumes_results"])


def _anf_infeasible(w, level, volume_type, quota, pool, ceilings):
    """Why one volume cannot do it, in words: the first limit it breaks."""
    ceiling, mix, top = ceilings
    high_q = anf.quota_range_tib(volume_type)[1]
    if w["mibps"] > top:
        which = anf.MIX_LIMIT if mix < ceiling else "volume ceiling"
        return f"the need, {_mib(w['mibps'])}, is above the {which}, {_mib(top)}"
    if quota > high_q:
        return f"the quota, {quota:,.1f} TiB, is above the largest {volume_type} volume, {high_q:,.0f} TiB"
    return f"the pool, {pool:,.0f} TiB, is above the largest pool, {anf.pool_range_tib()[1]:,.0f} TiB"


def measured_cap(w, volume_type):
    """The most one volume of a type was measured to move at the workload's mix, and how far that is from a test.

    Parameters
    ----------
    w : dict
        A workload from :func:`workload`.
    volume_type : {"regular", "large", "breakthrough"}

    Returns
    -------
    dict
        ``mibps`` [MiB/s] at the workload's I/O size; ``extrapolated``; ``name`` (the cap in words) and
        ``measurement`` (what was measured, for a row beyond it). A regular volume is capped by Microsoft's mix
        curves (:func:`storageperf.platforms.azure_netapp_files.mix_ceiling`), a large volume and one in
        breakthrough mode by their benchmarks (:func:`storageperf.sources.large_volumes.measured_ceiling`), each
        read at the workload's access pattern. An EDA load is neither of those patterns: SPEC's EDA curves are its
        measurement, which the judge applies (:func:`_with_eda`), so no benchmark of another pattern caps it and
        none makes it extrapolated; a regular volume keeps its mix curve's ceiling.

    Examples
    --------
    A large volume that must carry 1.05 million random 8 KiB operations a second, all reads: the most measured is
    709,000.

    >>> w = workload(100, ops_per_s=1_050_000, io_kib=8)
    >>> round(measured_cap(w, "large")["mibps"]), w["mibps"] > measured_cap(w, "large")["mibps"]
    (5539, True)
    """
    _checked(w)
    checks.choice("volume_type", volume_type, ("regular", *large_volumes.TARGET_VOLUME_TYPES))
    eda = w["load"] == "eda"
    if volume_type == "regular":
        mix = anf.mix_ceiling("regular", w["read_share"], w["io_kib"], w["access"])
        curves = "; ".join(f"{k} {', '.join(f'{s:g}' for s in v)} KiB" for k, v in anf.MIX_CURVES_KIB.items())
        return {"mibps": float(mix["mibps"]), "extrapolated": mix["extrapolated"] and not eda, "name": anf.MIX_LIMIT,
                "measurement": f"Microsoft's mix curves: {curves}"}
    got = large_volumes.measured_ceiling(volume_type, w["read_share"], w["io_kib"], w["access"])
    name = "most measured from " + ("a large volume" if volume_type == "large" else "breakthrough mode")
    return {"mibps": math.inf if eda else got["mibps"], "extrapolated": got["extrapolated"] and not eda,
            "name": f"{name} at this mix", "measurement": got["measurement"]}


#: How a row's binding begins to say it is beyond what was measured.
BEYOND = "; beyond what was measured ("


def _beyond(extrapolated, measurement):
    return f"{BEYOND}{measurement})" if extrapolated else ""


def _anf_one_volume(w, level, volume_type):
    """One volume in a pool of its own, without cool access."""
    ceilings = anf.effective_ceiling_mibps(level, volume_type, w["read_share"], w["io_kib"], w["access"])
    cap = measured_cap(w, volume_type)
    plan = anf.pool_plan(w["capacity_end_tib"], w["mibps"], level, volume_type, 1, w["region"], w["read_share"],
                         w["io_kib"], w["access"])
    pool, limit, ok, quota = float(plan["pool_tib"]), float(plan["throughput_mibps"]), plan["feasible"], \
        float(plan["quota_tib"])
    # what sets the size: the smallest volume of the type, or the smallest pool, when either is above the data
    low_q, low_pool = anf.quota_range_tib(volume_type)[0], anf.pool_range_tib()[0]
    noun = "pool" if level == "Flexible" else "quota"
    smallest = (f"the smallest {volume_type} volume, {low_q:,.1f} TiB, sets the {noun}"
                if w["capacity_end_tib"] * (1 + 1e-12) < quota <= low_q * (1 + 1e-12) else
                "the smallest pool, {:,.0f} TiB, sets the pool".format(low_pool)
                if quota < low_pool * (1 - 1e-12) and pool <= low_pool * (1 + 1e-12) else None)
    if level == "Flexible":
        sets = smallest or ("the data sets the pool" if plan["binding"] == "capacity"
                            else "the throughput sets the pool")
        binding = f"throughput bought: {_mib(limit)}; {sets}"
    else:
        binding = smallest or ("the data sets the quota" if plan["binding"] == "capacity"
                               else "quota x service level sets the quota")
        if ok and limit < quota * anf.throughput_per_tib_mibps(level):
            binding += f"; the {anf.MIX_LIMIT if ceilings[1] < ceilings[0] else 'volume ceiling'} caps it"
    if not ok:
        binding = _anf_infeasible(w, level, volume_type, quota, pool, ceilings)
    elif volume_type != "regular" and w["mibps"] > cap["mibps"] * (1 + 1e-12):
        ok, binding = False, f"the need, {_mib(w['mibps'])}, is above the {cap['name']}, {_mib(cap['mibps'])}"
    elif volume_type != "regular" and cap["mibps"] < limit:
        limit, binding = cap["mibps"], f"{binding}; the {cap['name']} caps it, {_mib(cap['mibps'])}"
    name = {"regular": "regular volume", "large": "large volume", "breakthrough": "breakthrough mode"}[volume_type]
    return _row(f"{ANF} {level}, {name}", ANF, "large-volumes" if volume_type != "regular" else "performance-basics",
                 ok, binding + _beyond(cap["extrapolated"], cap["measurement"]), limit, w["mibps"], float(plan["usd"]),
                 w["months"], pool, _anf_facts(level, volume_type, w["region"]), anf.volume_status(volume_type, level),
                 cap["extrapolated"], layout=(volume_type, level, 1))


def _with_eda(row, w):
    """A row of Azure NetApp Files volumes given an EDA load's latency from its volume type's measured curve
    (:func:`storageperf.sources.hpc_eda.volume_latency_ms`), each volume serving its share of the operations at its
    share of the row's throughput: past the curve or above the bound, it does not carry it; with a bound, a latency
    the curve extrapolates puts the row beyond what was measured. The curves were measured without cool access: on a
    volume with cool access and a cold share, the latency is the hot tier's, extrapolated (reads of cold data come
    from the cool tier)."""
    if w["load"] != "eda" or not row["feasible"] or row["layout"] is None:
        return row
    volume_type, level, n = row["layout"]
    per = w["ops_per_s"] / n
    got = hpc_eda.volume_latency_ms(volume_type, per, row["limit_mibps"] / n, level, w["io_kib"])
    lat, bound, basis = got["latency_ms"], w["latency_ms"], got["basis"]
    # past the knee: above the highest latency its curve measured, the row is beyond what was measured, bound or not
    top = hpc_eda.latency_curves()["types"][volume_type]["measured"][1]
    past = lat > top
    said = f"above {top:g} ms, the highest its curve measured" if past else f"{lat:,.2f} ms"
    cool = row["chapter"] == "cool-access" and w["cold_share"] > 0
    extrapolated = got["extrapolated"] or cool
    row["latency_basis"] = "extrapolated" if extrapolated else "model inside the measured range"
    if math.isinf(lat) or (bound is not None and lat > bound * (1 + 1e-9)):
        why = (f"an EDA load of {per:,.0f} operations a second a volume is past what one {volume_type} volume "
               f"serves at its throughput, {got['ops_ceiling']:,.0f} ({basis})" if math.isinf(lat) else
               f"its latency at this EDA load, {said}, is above the bound, {bound:g} ms ({basis})")
        return _rejected(row, why, latency_ms=lat if math.isfinite(lat) else math.nan)
    row["latency_ms"] = lat
    row["binding"] += f"; EDA latency {said} ({basis})"
    if cool:
        row["binding"] += ", the hot tier's: the curves were measured without cool access"
    if extrapolated and (bound is not None or past):
        row["extrapolated"] = True
        row["binding"] += f"{BEYOND}the EDA curve at this load or mix)"
    return row


def _rejected(row, why, **more):
    """The row does not carry the workload, for ``why``; what it says about being beyond a measurement stays."""
    at = row["binding"].find(BEYOND)
    kept = row["binding"][at:] if at >= 0 else ""
    row.update(feasible=False, binding=why + kept, headroom=math.nan, monthly_usd=math.nan, horizon_usd=math.nan,
               usd_per_mibps=math.nan, **more)
    return row


def _volumes_needed(w, top):
    """The fewest regular volumes that hold the workload's data and carry its need, each carrying at most ``top``."""
    high_q = anf.quota_range_tib("regular")[1]
    return max(math.ceil(w["mibps"] / top - 1e-12), math.ceil(w["capacity_end_tib"] / high_q - 1e-12), 1)


def _anf_several_volumes(w, level):
    """The fewest regular volumes, in one pool, that hold the data and carry the need; None if one does."""
    _, _, top = anf.effective_ceiling_mibps(level, "regular", w["read_share"], w["io_kib"], w["access"])
    cap, need, region = w["capacity_end_tib"], w["mibps"], w["region"]
    n = _volumes_needed(w, top)
    if n < 2:
        return None
    plan = anf.pool_plan(cap, need, level, "regular", n, region, w["read_share"], w["io_kib"], w["access"])
    pool, ok = float(plan["pool_tib"]), plan["feasible"]
    binding = (f"{n} volumes of at most {_mib(top)} each, the data split between them" if ok
               else f"the pool, {pool:,.0f} TiB, is above the largest pool, {anf.pool_range_tib()[1]:,.0f} TiB")
    cap = measured_cap(w, "regular")
    facts = _anf_facts(level, "regular", region) + ["azure_netapp_files_limits:volume_quota_min_regular"]
    return _row(f"{ANF} {level}, {n} regular volumes in one pool", ANF, "hpc-eda", ok,
                 binding + _beyond(cap["extrapolated"], cap["measurement"]), float(plan["throughput_mibps"]), need,
                 float(plan["usd"]), w["months"], pool, facts, "generally available", cap["extrapolated"],
                 layout=("regular", level, n))


def eda_bound_ms(w, volume_type):
    """The latency an EDA layout is sized to: the workload's bound, or without one the highest latency the volume
    type's curve measured (its knee: inside what was measured). [ms]"""
    _checked(w)
    checks.choice("volume_type", volume_type, tuple(hpc_eda.latency_curves()["types"]))
    top = hpc_eda.latency_curves()["types"][volume_type]["measured"][1]
    return top if w["latency_ms"] is None else w["latency_ms"]


def _eda_name(level, volume_type, n, bound):
    noun = {"regular": "regular volume", "large": "large volume", "breakthrough": "large volume in breakthrough mode"}
    noun = noun[volume_type].replace("volume", "volumes" if n > 1 else "volume")
    return f"{ANF} {level}, {n} {noun} sized for the EDA load at {bound:g} ms"


def _anf_eda_sized(w, volume_type, level):
    """The fewest volumes of a type and level, in one pool, each given the throughput its share of an EDA load needs
    to stay under the bound on its measured curve: the HPC/EDA chapter's planner
    (:func:`storageperf.sources.hpc_eda.farm_options`), held to the workload's mix as every other row is."""
    bound = eda_bound_ms(w, volume_type)
    load = hpc_eda.volume_load(volume_type, bound, level, w["io_kib"])
    facts = _anf_facts(level, volume_type, w["region"]) + ["hpc_eda_learn_results", "hpc_eda_spec_results"]
    if load is None:
        r0 = hpc_eda.latency_curves()["types"][volume_type]["r0"]
        why = f"the bound, {bound:g} ms, is at or below the curve's light-load latency, {r0:g} ms"
        return _row(_eda_name(level, volume_type, 1, bound), ANF, "hpc-eda", False, why, math.nan, w["mibps"],
                    math.nan, w["months"], math.nan, facts, anf.volume_status(volume_type, level),
                    layout=(volume_type, level, 1))
    cap = w["capacity_end_tib"]
    n = max(math.ceil(w["ops_per_s"] / load["ops_per_s"] - 1e-12),
            math.ceil(cap / anf.quota_range_tib(volume_type)[1] - 1e-12), 1)
    per = float(bandwidth.bandwidth_mibps(w["ops_per_s"] / n / load["usable"], load["bytes_per_op_kib"]))
    plan = anf.pool_plan(cap, max(n * per, w["mibps"]), level, volume_type, n, w["region"], w["read_share"],
                         w["io_kib"], w["access"])
    ok, limit = plan["feasible"], float(plan["throughput_mibps"])
    cap_m = measured_cap(w, volume_type)
    word = "volume" if n == 1 else "volumes"
    binding = f"{n} {word}, each given {_mib(limit / n)} for its share of the EDA load under {bound:g} ms"
    if not ok:
        ceiling, mix, top = anf.effective_ceiling_mibps(level, volume_type, w["read_share"], w["io_kib"], w["access"])
        quota, pool = float(plan["quota_tib"]), float(plan["pool_tib"])
        binding = (f"each of {n} {word} needs {_mib(per)} for its share under {bound:g} ms, above the "
                   f"{anf.MIX_LIMIT if mix < ceiling else 'volume ceiling'}, {_mib(top)}" if per > top * (1 + 1e-12)
                   else f"the quota, {quota:,.1f} TiB, is above the largest {volume_type} volume, "
                   f"{anf.quota_range_tib(volume_type)[1]:,.0f} TiB" if quota > anf.quota_range_tib(volume_type)[1]
                   else f"the pool, {pool:,.0f} TiB, is above the largest pool, {anf.pool_range_tib()[1]:,.0f} TiB")
    if ok and volume_type != "regular" and w["mibps"] > n * cap_m["mibps"] * (1 + 1e-12):
        ok, binding = False, f"the need, {_mib(w['mibps'])}, is above the {cap_m['name']}, {_mib(n * cap_m['mibps'])}"
    elif ok and volume_type != "regular" and n * cap_m["mibps"] < limit:
        limit = n * cap_m["mibps"]
        binding += f"; the {cap_m['name']} caps it, {_mib(limit)}"
    return _row(_eda_name(level, volume_type, n, bound), ANF, "hpc-eda", ok,
                binding + _beyond(cap_m["extrapolated"], cap_m["measurement"]), limit, w["mibps"], float(plan["usd"]),
                w["months"], float(plan["pool_tib"]), facts, anf.volume_status(volume_type, level),
                cap_m["extrapolated"], layout=(volume_type, level, n))


def _anf_manual_qos(w, level):
    """The fewest regular volumes with manual QoS, in one pool, that hold the data and carry the need; None where
    automatic QoS needs as many (manual QoS then changes neither the layout nor the price).

    With manual QoS a volume can be given up to the regular-volume maximum whatever its level (with automatic QoS a
    Standard volume stops lower), held to the mix curve; the pool is
    :func:`storageperf.platforms.azure_netapp_files.manual_qos_pool_tib`'s.
    """
    cap_m = measured_cap(w, "regular")
    top = min(anf.limit("volume_ceiling_regular_manual_qos", "MiB/s"), cap_m["mibps"])
    auto_top = anf.effective_ceiling_mibps(level, "regular", w["read_share"], w["io_kib"], w["access"])[2]
    cap, need, region = w["capacity_end_tib"], w["mibps"], w["region"]
    low_q, high_q = anf.quota_range_tib("regular")
    high_pool = anf.pool_range_tib()[1]
    n = _volumes_needed(w, top)
    if n >= _volumes_needed(w, auto_top):
        return None
    rate = anf.throughput_per_tib_mibps(level)
    quota = max(cap / n, low_q)
    # the pool holds the volumes' quotas and their throughput: it depends on the sums alone, so one entry carries them
    pool = anf.manual_qos_pool_tib([n * quota], [need], level)["manual"]
    ok = need / n <= top * (1 + 1e-12) and quota <= high_q and pool <= high_pool
    limit = min(pool * rate, n * top)
    sets = "the data sets the pool" if n * quota >= need / rate else "the throughput sets the pool"
    word = "volume" if n == 1 else "volumes"
    binding = (f"manual QoS: {n} {word} of up to {_mib(top)} each, given the pool's {_mib(pool * rate)}; {sets}"
               if ok else f"the pool, {pool:,.0f} TiB, is above the largest pool, {high_pool:,.0f} TiB")
    facts = _anf_facts(level, "regular", region) + ["azure_netapp_files_limits:volume_ceiling_regular_manual_qos"]
    return _row(f"{ANF} {level}, {n} regular {word} with manual QoS", ANF, "hpc-eda", ok,
                 binding + _beyond(cap_m["extrapolated"], cap_m["measurement"]), limit, need,
                 float(anf.monthly_pool_cost_usd(min(pool, high_pool), level, region=region)), w["months"], pool,
                 facts, "generally available", cap_m["extrapolated"], layout=("regular", level, n))


#: What a row sized by the 2026 cool-access rule read literally says (:func:`_anf_cool`).
COOL_LITERAL = "; the 2026 cool-access rule read literally: hot data at the level's rate, cool data at the cool tier's"


def _anf_cool(w, level, volumes=1, volume_type="regular"):
    """Volumes with cool access in one pool, the data not read for a month in the cool tier: ``volumes`` regular
    volumes, or one large volume.

    Each volume holds an equal share of the data and carries an equal share of the need, sized as the cool-access
    chapter sizes one (:func:`storageperf.platforms.azure_netapp_files.cool_access_sizing`); the pool holds their
    quotas, its unallocated capacity billed at the hot price. A large volume is held to what was measured for it
    (:func:`measured_cap`) as without cool access.
    """
    n, t = volumes, volume_type
    cap, cap0, need, region, c = w["capacity_end_tib"], w["capacity_tib"], w["mibps"], w["region"], w["cold_share"]
    low_pool, high_pool = anf.pool_range_tib()
    high_q = anf.quota_range_tib(t)[1]
    facts = _anf_facts(level, t, region) + [
        "azure_netapp_files_limits:coolness_period_default", "azure_netapp_files_limits:cool_tiering_start_delay",
        "azure_netapp_files_cool_access_regions", "azure_netapp_files_cool_access_support"]
    name = (f"{ANF} {level}, {t} volume with cool access" if n == 1
            else f"{ANF} {level}, {n} {t} volumes with cool access in one pool")
    mix = measured_cap(w, t)
    beyond = _beyond(mix["extrapolated"], mix["measurement"])
    if not low_pool * n <= cap0 <= cap <= high_q * n:
        why = (f"the guide costs cool access for {low_pool:g} to {high_q:g} TiB of data a {t} volume; "
               f"this is {cap0:,.1f} to {cap:,.1f} TiB for {n} volume(s)")
        return _row(name, ANF, "cool-access", False, why, math.nan, need, math.nan, w["months"], math.nan, facts,
                    extrapolated=mix["extrapolated"], layout=(t, level, n))
    # the 2026 rule read literally, as the cool-access chapter plans: a quota above the data adds no throughput
    s = anf.cool_access_sizing(cap / n, c, need / n, level, region, volume_type=t, reading="literal")
    literal = s["rule"] == "2026" and cap / n * c > anf.limit("cool_tier_throughput_threshold", "TiB")
    ok = bool(math.isfinite(s["usd_cool"])) and need / n <= float(mix["mibps"]) * (1 + 1e-12)
    quota = s["quota_tib_cool"]
    pool = float(anf.pool_size_tib(n * quota)) if ok else math.nan
    bought = max(need, anf.flexible_throughput_range_mibps(low_pool)[0])   # Flexible: the throughput bought
    if level == "Flexible" and ok:   # the pool holds the volumes' quotas and the throughput bought for them all
        pool = float(anf.pool_size_tib(max(n * quota, bought / anf.limit("flexible_max_throughput_per_tib",
                                                                            "MiB/s per TiB"))))
    ok = ok and pool <= high_pool
    if not ok:
        ceilings = anf.effective_ceiling_mibps(level, t, w["read_share"], w["io_kib"], w["access"])
        what = f"a {t}" if n == 1 else f"each of {n} {t}"
        why = (f"the need, {_mib(need / n)} a volume, is above what {what} {level} volume with cool access can be "
               "given" if need / n <= ceilings[2] else _anf_infeasible(w, level, t, cap, cap, ceilings))
        if need / n <= ceilings[2] and math.isfinite(pool) and pool > high_pool:
            why = f"the pool, {pool:,.0f} TiB, is above the largest pool, {high_pool:,.0f} TiB"
        if t != "regular" and need / n > mix["mibps"] * (1 + 1e-12):
            why = f"the need, {_mib(need)}, is above the {mix['name']}, {_mib(mix['mibps'])}"
        elif literal and not math.isfinite(s["usd_cool"]):
            most = float(anf.cool_access_volume_throughput_mibps(
                max(cap / n, anf.quota_range_tib(t)[0]), level, cap / n * c, "2026", t, w["read_share"], w["io_kib"],
                access=w["access"], reading="literal", data_tib=cap / n))
            generous = anf.cool_access_sizing(cap / n, c, need / n, level, region, volume_type=t)
            why = (f"the 2026 cool-access rule read literally gives {_mib(most)} a volume (its hot data at the "
                   f"level's rate, its cool data at the cool tier's) whatever the quota, below the need, "
                   f"{_mib(need / n)}" + (f"; read generously (the quota not in the cool tier), a quota of "
                                          f"{generous['quota_tib_cool']:,.1f} TiB would carry it"
                                          if math.isfinite(generous["usd_cool"]) else ""))
        return _row(name, ANF, "cool-access", False, why, math.nan, need, math.nan, w["months"], math.nan, facts,
                    extrapolated=mix["extrapolated"], layout=(t, level, n))
    data_usd = float(anf.cool_access_monthly_cost_usd(cap, c, 0.0, 0.0, service_level=level, region=region)["total"])
    usd = data_usd + float(anf.monthly_capacity_cost_usd(pool, level, region)) * (1 - cap / pool)
    by_month = anf.cool_access_cost_by_month(cap0, c, 0.0, 0.0, service_level=level, region=region,
                                             months=w["months"], growth_tib_per_month=w["growth_tib_per_month"],
                                             pool_tib=pool)
    horizon = float(by_month["total"].sum())
    split = "" if n == 1 else f"; {n} volumes, the data split between them"
    if level == "Flexible":
        limit = bought
        throughput_usd = float(anf.monthly_flexible_throughput_cost_usd(limit, pool, region))
        usd, horizon = usd + throughput_usd, horizon + throughput_usd * w["months"]
        binding = f"throughput bought: {_mib(limit)}{split}"
    else:
        limit = n * float(anf.cool_access_volume_throughput_mibps(quota, level, cap / n * c, s["rule"], t,
                                                                  w["read_share"], w["io_kib"], w["access"],
                                                                  reading="literal", data_tib=cap / n))
        low_q = anf.quota_range_tib(t)[0]
        binding = ("the data sets the quota" if quota <= cap / n * (1 + 1e-12)
                   else f"the smallest {t} volume, {low_q:,.1f} TiB, sets the quota" if quota <= low_q * (1 + 1e-12)
                   else f"the {s['rule']} cool-access rule sets the quota, {quota:,.1f} TiB"
                   + ("" if n == 1 else " a volume")) + split
        if literal:
            binding += COOL_LITERAL
    if t != "regular" and mix["mibps"] < limit:
        limit, binding = mix["mibps"], f"{binding}; the {mix['name']} caps it, {_mib(mix['mibps'])}"
    return _row(name, ANF, "cool-access", True, binding + beyond, limit, need, usd, w["months"], pool, facts,
                "generally available" if t == "regular" else anf.volume_status(t, level), mix["extrapolated"],
                horizon_usd=horizon, layout=(t, level, n))


def client_limit_mibps(w):
    """What ``w["clients"]`` client VMs move at the workload's mix, each as the large-volume article's one client.

    Parameters
    ----------
    w : dict
        A workload from :func:`workload`, with ``clients``.

    Returns
    -------
    tuple
        ``(MiB/s, extrapolated)``: clients x one client's throughput, its reads and writes time-sharing it
        (``1 / (r / read + (1 - r) / write)``), from the article's scale-up test with nconnect (one E104id_v5:
        :func:`storageperf.sources.large_volumes.client_mibps`), its random and sequential results read at the
        workload's access pattern and I/O size by :func:`storageperf.concepts.bounds.by_access_pattern`;
        ``extrapolated`` unless the I/O size is the pattern's test's and the workload all reads or all writes.

    Examples
    --------
    >>> client_limit_mibps(workload(100, mibps=1000, io_kib=256, clients=2))
    (20000.0, False)
    """
    _checked(w)
    if w["clients"] is None:
        raise checks.InputError("w must be a workload with clients (workload(..., clients=N)); its clients are None")
    kind, r = w["access"], w["read_share"]

    def one_client(op):   # the article's random and sequential results, read at the workload's pattern and size
        tests = [(large_volumes.block_size_kib(f"{k} read"), large_volumes.client_mibps(f"{k} {op}"))
                 for k in bounds.ACCESS_PATTERNS]
        return float(bounds.by_access_pattern(w["io_kib"], kind, *tests))

    one = 1 / (r / one_client("read") + (1 - r) / one_client("write"))
    size = large_volumes.block_size_kib(f"{kind} read")
    return w["clients"] * one, not (w["io_kib"] == size and r in (0.0, 1.0))


#: What the client bound rests on, for a row beyond it (:func:`client_limit_mibps`).
CLIENT_MEASUREMENT = "one client VM was measured, all reads or all writes, at the article's two I/O sizes"


def _with_clients(row, w, bound):
    """An Azure NetApp Files row held to what the workload's clients move (:func:`client_limit_mibps`)."""
    if bound is None or row["platform"] != ANF:
        return row
    most, extrapolated = bound
    if extrapolated and not row["extrapolated"]:
        row["binding"] += _beyond(True, CLIENT_MEASUREMENT)
    row["extrapolated"] = row["extrapolated"] or extrapolated
    text = f"{w['clients']} client VM(s) like the large-volume article's move {_mib(most)} at this mix"
    if row["feasible"] and w["mibps"] > most * (1 + 1e-12):
        _rejected(row, f"the clients: {text}")
    elif row["feasible"] and most < row["limit_mibps"]:
        row.update(limit_mibps=most, headroom=(most - w["mibps"]) / most, usd_per_mibps=row["monthly_usd"] / most,
                   binding=f"{row['binding']}; the clients bind: {text}")
    return row


def _CVO_PATH():  # noqa: N802  (a constant in all but name: the write path the studio sizes a node by)
    """NetApp's current write path at the default write speed, each copy of the bytes one disk write: of the two
    readings of :func:`storageperf.sources.cvo_google_cloud.current_write_path`, the lower bound, which sizing takes."""
    return cvo.current_write_path(disk_writes_per_write="layout")


def _cvo(w, machine_type, disk="pd-ssd", layout="single node"):
    """A Cloud Volumes ONTAP node, or an HA pair, on one of TR-4816's machine types (SSD Persistent Disk, as tested)
    or on one sold today (:func:`storageperf.sources.cvo_google_cloud.machine_types_today`), in NetApp's current
    write path."""
    need_mb = float(units.convert(w["mibps"], "MiB/s", cvo.RATE_UNIT))
    tested, pair = machine_type in cvo.MACHINE_TYPES, layout == "HA pair"
    # the lower of the two readings of the disk writes a client write makes: NetApp's layout read literally
    lim = cvo.published_limit(machine_type, w["read_share"], w["io_kib"], **_CVO_PATH(), disk_type=disk,
                              layout=layout)
    limit = float(lim["mibps"])
    # TR-4816's licences (2020) cap the storage, as does NetApp's capacity on disks alone today; "TB" is a TiB
    most_tib = float(cvo.machine_limits(machine_type, disk)["max_storage_tib"])
    allowed = "TR-4816's licence allowed" if tested else "NetApp allows on disks alone today"
    cap = w["capacity_end_tib"]
    facts = ["cvo_google_cloud_setup", "google_cloud_cvo", "google_cloud_cvo_machine_types", "google_cloud_prices",
             "google_cloud_limits"] + ([] if tested else ["google_cloud_machine_limits", "google_cloud_machine_types"])
    unpriced = "licence price not published" + ("; the mediator's VM not priced" if pair else "")
    if w["mibps"] > limit:
        binding, ok = f"the need is above the {'pair' if pair else 'machine'}'s {lim['binding']}, {_mib(limit)}", False
    elif cap > most_tib:
        binding, ok = f"the data, {cap:,.1f} TiB, is above the {most_tib:,.0f} TiB {allowed}", False
    else:
        binding, ok = f"{lim['binding']} of the machine type, {_mib(limit)}; {unpriced}", True
    latency = (math.nan, "none")
    for name in cvo.WORKLOADS if tested else ():   # TR-4816 measured this mix at a load at least the need's
        mix, got = cvo.workload_mix(name), cvo.measured(machine_type, name)
        if ((mix["block_size_kib"], mix["read_share"], mix["access"]) == (w["io_kib"], w["read_share"], w["access"])
                and float(units.convert(w["need_mibps"], "MiB/s", cvo.RATE_UNIT)) <= got["mb_per_s"]):
            latency = (cvo.result_latency_ms(got), "measured")
    if ok and w["latency_ms"] is not None and latency[1] == "measured" and latency[0] > w["latency_ms"]:
        binding, ok = f"TR-4816 measured {latency[0]:g} ms at this mix, above the bound", False
    disk_gib = cvo.data_disk_gib(need_mb, cap, w["read_share"], w["io_kib"], disk, layout)
    usd = float(cvo.monthly_cost_usd(machine_type, disk_gib, disk_type=disk, layout=layout)["total"])
    if ok and not math.isfinite(usd):
        binding += "; no price for the machine type"
    name = f"Cloud Volumes ONTAP, {machine_type}" + ("" if tested else f", {disk}" + (", HA pair" if pair else ""))
    return _row(name, CVO, "cvo-google-cloud", ok, binding, limit, w["mibps"], usd, w["months"],
                float(units.convert(disk_gib, "GiB", "TiB")), facts, status=cvo.machine_status(machine_type),
                price_complete=False, latency=latency)


def _served(w, vm_size, throughput, iops):
    """What a self-managed server on ``vm_size`` carries, and what the VM costs in the workload's region.

    ``throughput`` is ``(MB/s, name)`` and ``iops`` ``(IOPS, name)`` of its storage path; the reads it serves leave
    the VM, so its network limit, on egress, caps them (writes arrive, unlimited). Returns the tightest limit
    [MiB/s], its words ("the <name> <kind> limit, <MiB/s>") and the VM's monthly price [USD], NaN where the prices
    hold none for the region."""
    io_mb = float(units.convert(w["io_kib"], "KiB", "MB"))
    network = azure_vm.limit(vm_size, "network", "MB/s")
    limit_mb, which, kind = min(
        (throughput[0], throughput[1], "throughput"), (iops[0] * io_mb, iops[1], "IOPS"),
        (network / w["read_share"] if w["read_share"] > 0 else math.inf, "VM network", "egress"),
        key=lambda limit: limit[0])
    limit = float(units.convert(limit_mb, "MB/s", "MiB/s"))
    usd = (azure_vm.vm_monthly_cost_usd(vm_size, w["region"]) if w["region"] in azure_vm.price_regions()
           else math.nan)
    return limit, f"the {which} {kind} limit, {_mib(limit)}", usd


def _nvme(w, vm_size):
    """A self-managed server on an L-series size's own NVMe disks: the data must fit them; bounded by their IOPS and
    throughput and the VM's network for the reads; priced for the VM, the disks included. The disks are temporary, so
    a database on them keeps replicas on other nodes, which the row does not price."""
    d = azure_vm.local_nvme(vm_size)
    facts = [f"azure_vm_limits:{vm_size}", f"azure_vm_series_status:{vm_size}", f"azure_vm_prices:{vm_size}"]
    name = f"Self-managed server, {vm_size} with {VM_NVME} disks"
    status = azure_vm.sale_status(vm_size)["text"]
    what = f"{d['disks']:g} x {float(units.convert(d['disk_tib'], 'TiB', 'TB')):g} TB {VM_NVME}"
    if w["capacity_end_tib"] > d["capacity_tib"] * (1 + 1e-12):
        return _row(name, VM, "cassandra-disk-caching", False,
                    f"the data, {w['capacity_end_tib']:,.1f} TiB, is above its {what}, {d['capacity_tib']:,.1f} TiB",
                    math.nan, w["mibps"], math.nan, w["months"], math.nan, facts, status=status, price_complete=False)
    limit, binds, usd = _served(w, vm_size, (d["mb_per_s"], "NVMe"), (d["iops"], "NVMe"))
    ok = w["mibps"] <= limit * (1 + 1e-12)
    price = (f"the VM ${usd:,.0f} a month, its disks included" if math.isfinite(usd)
             else f"no price for the VM in {w['region']} in the guide")
    binding = (f"{what}: {binds}; {price}; the disks are temporary, so a database keeps replicas on other nodes, "
               f"not priced here" if ok else f"the need is above {binds}")
    return _row(name, VM, "cassandra-disk-caching", ok, binding, limit, w["mibps"], usd, w["months"],
                d["capacity_tib"], facts, status=status, price_complete=False)


def _vm(w, vm_size, disk=VM_DISK):
    """A self-managed file server on an Azure VM, uncached: Premium SSD disks (``disk``, :data:`VM_DISK`) striped
    together on a size of the guide's Cassandra measurements (End of Life) or of the Edsv6 family sold today, or
    Premium SSD v2 disks (:data:`VM_V2`) set to the need on an Edsv6 size; or an L-series size's own NVMe disks
    (:data:`VM_NVME`, :func:`_nvme`)."""
    if disk == VM_NVME:
        return _nvme(w, vm_size)
    # the need at the target utilization, in bytes and in operations a second (each I/O of io_kib)
    need_mb, io_mb = float(units.convert(w["mibps"], "MiB/s", "MB/s")), float(units.convert(w["io_kib"], "KiB", "MB"))
    cap_gib = float(units.convert(w["capacity_end_tib"], "TiB", "GiB"))
    if disk == VM_V2:   # the fewest disks that hold it and carry it, each set to its share
        d = azure_vm.premium_v2_disks(cap_gib, need_mb / io_mb, need_mb)
        n, provisioned_gib = d["disks"], d["disks"] * d["size_gib"]
        what = (f"{n} x {disk} ({d['size_gib']:,} GiB, {d['iops']:,.0f} IOPS and {d['mb_per_s']:,.0f} MB/s "
                f"each)")
    else:
        disk_gib = azure_vm.limit(disk, "size", "GiB")
        n = max(math.ceil(cap_gib / disk_gib - 1e-12),
                math.ceil(need_mb / azure_vm.limit(disk, "mb_per_s", "MB/s") - 1e-12),
                math.ceil(need_mb / io_mb / azure_vm.limit(disk, "iops", "IOPS") - 1e-12), 1)
        provisioned_gib, what = n * disk_gib, f"{n} x {disk}"
    most = int(azure_vm.limit(vm_size, "max_data_disks", "disks"))
    # its limits, the disk's, and whether the size is still sold
    facts = [f"azure_vm_limits:{vm_size}", f"azure_vm_limits:{disk}", f"azure_vm_series_status:{vm_size}",
             f"azure_vm_prices:{vm_size}"]
    name = f"Self-managed server, {vm_size} with {disk} disks"
    status = azure_vm.sale_status(vm_size)["text"]
    if n > most:
        return _row(name, VM, "cassandra-disk-caching", False,
                    f"{n} {disk} disks are needed and the VM takes at most {most}", math.nan, w["mibps"],
                    math.nan, w["months"], math.nan, facts, status=status, price_complete=False)
    p = (azure_vm.premium_v2_path_limits(vm_size, d["total_iops"], d["total_mb_per_s"]) if disk == VM_V2
         else azure_vm.disk_path_limits(vm_size, "None", disk, n))
    limit, binds, usd = _served(w, vm_size, (p["throughput_mb_per_s"], p["throughput_binding"]),
                                (p["iops"], p["iops_binding"]))
    ok = w["mibps"] <= limit * (1 + 1e-12)
    price = (f"the VM ${usd:,.0f} a month, its {disk} disks not priced in the guide" if math.isfinite(usd)
             else f"no price for the VM in {w['region']} in the guide")
    binding = f"{what}: {binds}; {price}" if ok else f"the need is above {binds}"
    if disk == VM_DISK and vm_size in azure_vm.UNCACHED_SIZES:   # it bursts above its sustained limits for a while
        burst = float(units.convert(azure_vm.limit(vm_size, "burst_mb_per_s", "MB/s"), "MB/s", "MiB/s"))
        binding += f"; it bursts to {_mib(burst)} of disk throughput for a limited time, not counted here"
    return _row(name, VM, "cassandra-disk-caching", ok, binding, limit, w["mibps"], usd, w["months"],
                float(units.convert(provisioned_gib, "GiB", "TiB")), facts, status=status, price_complete=False)


def options(capacity_tib, mibps=None, ops_per_s=None, io_kib=64.0, read_share=1.0, latency_ms=None, cold_share=0.0,
            region="eastus", months=12, growth_tib_per_month=0.0, clients=None, load="general", access=None,
            target_utilization=None):
    """Every option the guide has facts for, sized for one workload, cheapest feasible first.

    Parameters
    ----------
    capacity_tib : float
        Data to hold today, greater than 0. [TiB]
    mibps, ops_per_s : float
        The throughput needed [MiB/s], or the operations a second [1/s] of ``io_kib`` each: give one.
    io_kib : float
        Size of each I/O, greater than 0; default 64. [KiB]
    read_share : float
        Share of the operations that are reads, 0 to 1; default 1. [-]
    latency_ms : float, optional
        The latency the workload tolerates; rows whose latency the guide does not know say so. [ms]
    cold_share : float
        Share of the data not read for a month, 0 to 1: what cool access moves to the cool tier. [-]
    region : str
        Azure region for Azure prices, see :func:`storageperf.platforms.azure_netapp_files.regions`.
    months : int
        Horizon, 1 to 120: the data grows for it, and cool access's move to the cool tier is costed over it. [-]
    growth_tib_per_month : float
        Data added each month, at least 0. [TiB per month]
    clients : int, optional
        Client VMs the workload runs on: Azure NetApp Files rows are held to what they move
        (:func:`client_limit_mibps`). Default: as many as it takes.
    target_utilization : float, optional
        The share of each limit the need may use, above 0 and at most 1: every option is sized for the need over it
        (a Flexible pool buys that throughput, a quota is chosen to grant it, a ceiling must hold it), and
        ``headroom`` is what the need itself leaves. Default :func:`default_target_utilization`, NetApp's. [-]
    access : {"random", "sequential"}, optional
        The access pattern: which of Microsoft's measured curves a ceiling is read from
        (:func:`storageperf.platforms.azure_netapp_files.mix_ceiling`), and which of TR-4816's mixes a Cloud Volumes
        ONTAP row's latency is. A mix of the two is sized as random, the lower. Default: by the I/O size, random
        below the sequential curve's 64 KiB, sequential from it (``access_assumed`` in the workload says so).
    load : {"general", "eda"}
        The kind of load: ``"eda"`` gives Azure NetApp Files rows without cool access the latency of an EDA load of
        ``ops_per_s`` (and ``io_kib`` bytes an operation) from the HPC/EDA chapter's measured curves
        (:func:`storageperf.sources.hpc_eda.volume_latency_ms`); a row past its curve, or above ``latency_ms``, does
        not carry it. Default ``"general"``: no curve, so no latency.

    Returns
    -------
    pandas.DataFrame
        One row per option, the columns of :data:`COLUMNS`: ``monthly_usd`` is a month's cost once running, sized
        for the data at the horizon's end [USD]; ``horizon_usd`` the cost over ``months``, including the months
        before data moves to the cool tier and the move itself [USD]; ``headroom`` the share of ``limit_mibps``
        the need leaves unused; ``price_complete`` False where a price the guide does not hold is missing (never
        ranked as cheapest). Ordered by :func:`rank`: inside what was measured before beyond it, then by
        ``horizon_usd``. A row beyond what was measured, or whose latency is not known under a bound, says so in
        ``binding``; so does a row that cannot use the cold share.

    Examples
    --------
    The HPC/EDA module's knowledge check, 50 TiB at 3,000 MiB/s in East US: a Flexible regular volume is cheapest,
    sized to the need exactly or with NetApp's headroom (3,750 MiB/s bought, a fifth of it left).

    >>> o = options(50, mibps=3000, target_utilization=1)
    >>> o.loc[0, "option"], round(o.loc[0, "monthly_usd"])
    ('Azure NetApp Files Flexible, regular volume', 12105)
    >>> o = options(50, mibps=3000)
    >>> first = o.iloc[0]
    >>> first["option"], round(first["monthly_usd"]), float(first["limit_mibps"]), round(float(first["headroom"]), 2)
    ('Azure NetApp Files Flexible, regular volume', 13793, 3750.0, 0.2)
    """
    w = workload(capacity_tib, mibps, ops_per_s, io_kib, read_share, latency_ms, cold_share, region, months,
                 growth_tib_per_month, clients, load, access, target_utilization)
    rows = []
    for volume_type in ("regular", "large", "breakthrough"):
        for level in anf.supported_service_levels(volume_type):
            rows.append(_anf_one_volume(w, level, volume_type))
    rows += [r for r in (_anf_several_volumes(w, level) for level in anf.ALL_SERVICE_LEVELS) if r is not None]
    rows += [r for r in (_anf_manual_qos(w, level) for level in anf.SERVICE_LEVELS) if r is not None]
    if w["load"] == "eda":
        rows += [_anf_eda_sized(w, t, level) for t in hpc_eda.FARM_BASIS for level in anf.supported_service_levels(t)]
    rows += [_anf_cool(w, level) for level in anf.cool_access_service_levels()]
    rows += [_anf_cool(w, level, n) for level in anf.cool_access_service_levels()
             if (n := _volumes_needed(w, anf.effective_ceiling_mibps(level, "regular", w["read_share"],
                                                                     w["io_kib"], w["access"])[2])) > 1]
    rows += [_anf_cool(w, level, volume_type="large") for level in anf.cool_access_service_levels()
             if "large" in anf.cool_access_volume_types()]
    rows += [_cvo(w, m) for m in cvo.MACHINE_TYPES]
    bound = None if clients is None else client_limit_mibps(w)
    rows = [_judge(r, w, bound) for r in rows]
    for series, disk in VM_ROUTES:   # a series' smallest size that carries it, or its largest, which says why not
        judged = [_judge(_vm(w, v, disk), w, bound) for v in VM_SERIES[series]]
        rows.append(next((r for r in judged if r["feasible"]), judged[-1]))
    for layout, disk in CVO_ROUTES:  # the same for Cloud Volumes ONTAP on the machine types sold today
        judged = [_judge(_cvo(w, m, disk, layout), w, bound) for m in cvo.machine_types_today()]
        rows.append(next((r for r in judged if r["feasible"]), judged[-1]))
    return rank(pd.DataFrame(rows, columns=list(COLUMNS)), w["latency_ms"] is not None)


def _judge(row, w, client_bound):
    """Hold a proposed row to what every row is held to, the same way whichever builder proposed it.

    The builders size a layout within its platform's published and measured limits (quota, pool, volume ceilings,
    the mix curves, the machine's or VM's limits) and price it; then, in this order, every row is held to:

    1. an EDA load's measured latency curve, for every Azure NetApp Files layout (:func:`_with_eda`);
    2. what the workload's client VMs move, for every Azure NetApp Files row (:func:`_with_clients`);
    3. the latency bound: a row whose latency the guide does not know says so (and :func:`rank` puts it after
       the rows whose latency is known or extrapolated);
    4. the cold share: a row that keeps all the data in one tier says the share is not used;
    5. the headroom: every builder sizes for the need at the target utilization (``w["mibps"]``, the need over
       :func:`default_target_utilization` or the one given), and the headroom is what the need itself leaves.
    """
    row = _with_clients(_with_eda(row, w), w, client_bound)
    if w["latency_ms"] is not None and row["latency_basis"] == "none":
        row["binding"] += "; latency not known: the guide has no measurement for this workload"
    if w["cold_share"] > 0 and row["chapter"] != "cool-access":
        row["binding"] += "; the cold share is not used: this option keeps all the data in one tier"
    # 5. headroom: sized for the need at the target utilization, it is what the need itself leaves of the limit
    if row["feasible"]:
        row["headroom"] = (row["limit_mibps"] - w["need_mibps"]) / row["limit_mibps"]
    elif w["target_utilization"] < 1:
        row["binding"] += (f"; the need sized is {_mib(w['need_mibps'])} at {w['target_utilization'] * 100:,.0f} % "
                           f"of each limit")
    return row


#: How surely an option can be bought, by the start of its ``status``: the volume support table's statuses and the VM
#: series' stages (:func:`certainty`).
CERTAINTY = {"generally available": 0, "Current": 0, "Extended": 0, "supported for new systems": 0, "preview": 1,
             "End of Life": 2, "Retired": 2, "no longer supported for new systems": 2, "existing systems only": 2}


def certainty(status):
    """How surely an option can be bought today, from its ``status``: 0 sold (generally available, Current,
    Extended, a Cloud Volumes ONTAP machine type supported for new systems), 1 in preview, 2 no longer sold to a new
    subscription or system (End of Life, Retired, a machine type for existing systems only)."""
    for start, rank_ in CERTAINTY.items():
        if isinstance(status, str) and (status == start or status.startswith(start + ":")):
            return rank_
    raise checks.InputError(f"status must be one of {', '.join(CERTAINTY)} (a stage may be followed by ': ' and its "
                            f"dates); got {status!r}")


def latency_tier(basis):
    """How well a row's latency is known, from its ``latency_basis``: 0 known (measured, or a model inside the
    measured range), 1 extrapolated, 2 not known. Under a latency bound :func:`rank` orders rows by it."""
    checks.choice("basis", basis, LATENCY_BASES)
    return {"measured": 0, "model inside the measured range": 0, "extrapolated": 1}.get(basis, 2)


def _frame(frame, columns):
    """``frame`` checked to be a table of option rows, as :func:`options` returns them, with the ``columns`` read."""
    if not isinstance(frame, pd.DataFrame) or not set(columns) <= set(frame.columns):
        raise checks.InputError(f"frame must be a table of options with the columns {', '.join(columns)}, as "
                                f"options() returns it; got {type(frame).__name__}")
    return frame


def rank(frame, latency_bound=False):
    """Order option rows by what a reader can act on.

    Feasible rows with a complete price come first, then feasible rows without one, then the rest. Within each,
    with a latency bound, rows whose latency is known to meet it come first, then rows whose latency is
    extrapolated to meet it, then rows whose latency is not known (:func:`latency_tier`); then rows inside what was
    measured before rows beyond it (``extrapolated``); then by ``horizon_usd`` to the cent (the one cost the
    studio ranks, marks the frontier and charts by); ties by :func:`certainty`, then in the order given.
    """
    _frame(frame, ("feasible", "price_complete", "horizon_usd", "latency_basis", "extrapolated", "status"))
    latency_bound = checks.boolean("latency_bound", latency_bound)
    if not len(frame):
        return frame.reset_index(drop=True)
    key = pd.DataFrame({
        "group": [0 if f and p and math.isfinite(u) else 1 if f else 2
                  for f, p, u in zip(frame["feasible"], frame["price_complete"], frame["horizon_usd"])],
        "latency": [latency_tier(b) if latency_bound else 0 for b in frame["latency_basis"]],
        "beyond": frame["extrapolated"].astype(bool),
        # to the cent: options that cost the same (cool access on no cold data) tie, whatever the float noise
        "usd": [math.floor(u * 100 + 0.5) if math.isfinite(u) else math.inf for u in frame["horizon_usd"]],
        "certainty": [certainty(s) for s in frame["status"]],
        "order": range(len(frame))})
    order = key.sort_values(["group", "latency", "beyond", "usd", "certainty", "order"], kind="stable").index
    return frame.loc[order].reset_index(drop=True)


#: What the first row of :func:`options` lets the headline say (:func:`verdict`).
VERDICTS = ("carries it", "beyond what was measured", "latency extrapolated", "latency not known", "no priced option")


def verdict(frame, latency_bound=False):
    """What the first row of ranked options lets a reader be told, one of :data:`VERDICTS`.

    ``"no priced option"`` when no feasible row has a complete price; under a latency bound, ``"latency not
    known"`` or ``"latency extrapolated"`` when no such row's latency is known to meet it (the headline then says so
    instead of naming a cheapest); ``"beyond what was measured"`` when the first row is; else ``"carries it"``.

    Examples
    --------
    >>> verdict(options(50, mibps=3000)), verdict(options(1, mibps=100, latency_ms=1.0), latency_bound=True)
    ('carries it', 'latency not known')
    """
    _frame(frame, ("feasible", "price_complete", "horizon_usd", "latency_basis", "extrapolated"))
    latency_bound = checks.boolean("latency_bound", latency_bound)
    if not len(frame):
        return "no priced option"
    top = frame.iloc[0]
    if not (top["feasible"] and top["price_complete"] and math.isfinite(top["horizon_usd"])):
        return "no priced option"
    tier = latency_tier(top["latency_basis"]) if latency_bound else 0
    if tier:
        return "latency extrapolated" if tier == 1 else "latency not known"
    return "beyond what was measured" if top["extrapolated"] else "carries it"


#: The tables of dated limits the studio's rows are held to, a platform each (:func:`limits_dates`).
LIMIT_TABLES = {ANF: "azure_netapp_files_limits", VM: "azure_vm_limits", CVO: "google_cloud_limits"}


def limits_dates():
    """The oldest and newest date of the vendor pages each platform's limits come from, as ISO dates; ``(None,
    None)`` for a platform whose pages carry no date (Google Cloud's).

    Examples
    --------
    >>> oldest, newest = limits_dates()[ANF]
    >>> oldest <= newest
    True
    """
    dated = data.load("documents").set_index("id")["date"].dropna().astype(str)
    out = {}
    for platform, table in LIMIT_TABLES.items():
        days = sorted(dated[d] for d in set(data.load(table)["document"]) if d in dated.index)
        out[platform] = (days[0], days[-1]) if days else (None, None)
    return out


def facts():
    """The numbers the site's studio computes with, read through the model from the data package.

    Returns
    -------
    dict
        Plain numbers, lists and strings (JSON-ready): the units' byte sizes and the month; Azure NetApp Files'
        rates, ceilings, quota and pool ranges, mix curves, cool-access rules and prices by region; Cloud Volumes
        ONTAP's machine limits, write path and prices; the Azure VM sizes' uncached limits and the disk's; the
        regions; and the dates of the price snapshot. The site's studio (``studio.js``) reads only this.

    Examples
    --------
    >>> f = facts()
    >>> f["anf"]["rate"]["Premium"], f["anf"]["volume_types"]["regular"]["ceiling"]["Ultra"]
    (64.0, 4500.0)
    """
    a = anf
    low_pool, high_pool = a.pool_range_tib()
    types = {}
    for t in ("regular", "large", "breakthrough"):
        levels = a.supported_service_levels(t)
        types[t] = {"levels": list(levels), "quota": list(a.quota_range_tib(t)),
                    "ceiling": {lv: a.volume_ceiling_mibps(lv, t) for lv in levels},
                    "status": {lv: a.volume_status(t, lv) for lv in levels},
                    "measurement": measured_cap(workload(1, mibps=1), t)["measurement"],
                    "facts": {lv: " ".join(_anf_facts(lv, t, "{region}")) for lv in levels}}
    meters = {**{lv: a.CAPACITY_METERS[lv] for lv in a.ALL_SERVICE_LEVELS}, "throughput": a.THROUGHPUT_METER,
              "cool": a.COOL_METERS[0], "transfer": a.COOL_METERS[1]}
    prices = {r: {k: a.price(r, m)["price_usd"] for k, m in meters.items()} for r in regions()}
    base, _ = a.flexible_throughput_range_mibps(low_pool)
    listed = set(data.load("azure_netapp_files_cool_access_regions")["region"])
    lv = large_volumes
    small_kib, large_kib = lv.block_size_kib("random read"), lv.block_size_kib("sequential read")
    path = _CVO_PATH()
    return {
        "bytes": {u: float(units.convert(1.0, u, "B")) for u in ("KiB", "MiB", "GiB", "TiB", "KB", "MB", "GB", "TB")},
        "hours_per_month": units.HOURS_PER_MONTH, "days_per_month": units.DAYS_PER_MONTH, "certainty": CERTAINTY,
        "s_per_hour": float(units.convert(1.0, "h", "s")), "ms_per_day": float(units.convert(1.0, "days", "ms")),
        "regions": list(regions()),
        "region_names": {r: a.region_names()[r] for r in regions()}, "client_measurement": CLIENT_MEASUREMENT,
        "access_patterns": list(a.ACCESS_PATTERNS), "default_target_utilization": default_target_utilization(),
        "price_snapshot_date": a.PRICE_SNAPSHOT_DATE, "months_max": a.MONTHS_MAX,
        "limits_dates": {p: list(d) for p, d in limits_dates().items()},
        "client": {op: large_volumes.client_mibps(op) for op in large_volumes.WORKLOADS} | {
            "sequential_kib": large_volumes.block_size_kib("sequential read"),
            "random_kib": large_volumes.block_size_kib("random read")},
        "anf": {
            "levels": list(a.ALL_SERVICE_LEVELS), "auto_levels": list(a.SERVICE_LEVELS),
            "rate": {lv: a.throughput_per_tib_mibps(lv) for lv in a.SERVICE_LEVELS},
            "cool_rate": {lv: a.throughput_per_tib_mibps(lv, cool_access=True) for lv in a.SERVICE_LEVELS},
            "volume_types": types, "pool": [low_pool, high_pool],
            "pool_step": a.limit("capacity_pool_increment", "TiB"),
            "flexible_base": base, "flexible_per_tib": a.limit("flexible_max_throughput_per_tib", "MiB/s per TiB"),
            "mix_io_kib": list(a.MIX_IO_KIB), "mix_curves_kib": {k: list(v) for k, v in a.MIX_CURVES_KIB.items()},
            "mix": {str(k): [a.mix_curve(k)[c].tolist() for c in ("read_share", "mibps")] for k in a.MIX_IO_KIB},
            "mix_limit": a.MIX_LIMIT, "prices": prices,
            "manual_qos_ceiling": a.limit("volume_ceiling_regular_manual_qos", "MiB/s"),
            # what a large volume and one in breakthrough mode were measured to move: MiB/s at the sequential size,
            # operations a second at the random one
            "measured_kib": [small_kib, large_kib],
            "measured": {t: {"read": lv.measured_ceiling(t, 1.0, large_kib)["mibps"],
                             "write": lv.measured_ceiling(t, 0.0, large_kib)["mibps"],
                             "read_ops": lv.measured_ceiling(t, 1.0, small_kib)["ops_per_s"],
                             "write_ops": lv.measured_ceiling(t, 0.0, small_kib)["ops_per_s"]}
                         for t in ("large", "breakthrough")},
            "cool": {"levels": list(a.cool_access_service_levels()), "volume_types": list(a.cool_access_volume_types()),
                     "rule_2026_regions": sorted(r for r in regions() if r in listed),
                     "threshold_tib": a.limit("cool_tier_throughput_threshold", "TiB"),
                     "cool_tier_rate": a.limit("throughput_per_tib_cool_tier", "MiB/s per TiB"),
                     "coolness_days": a.coolness_periods_days()[1],
                     "delay_days": a.limit("cool_tiering_start_delay", "days"),
                     "steps_per_month": a.COST_STEPS_PER_MONTH},
        },
        "cvo": {"machines": {m: {"limits": {d: {k: cvo.machine_limits(m, d)[k] for k in
                                                ("read_iops", "write_iops", "read_mibps", "write_mibps")}
                                            for d in cvo.google_cloud.DISK_TYPES
                                            if m in cvo.machine_types_today() or d == "pd-ssd"},
                                 "max_tib": cvo.machine_limits(m)["max_storage_tib"],
                                 "write_egress_mb_per_s": cvo.google_cloud.pd_write_egress_mb_per_s(
                                     cvo.machine_limits(m)["vcpu"]),
                                 "other_egress_mb_per_s": cvo.google_cloud.egress_cap_mb_per_s(
                                     cvo.machine_limits(m)["vcpu"])["other"],
                                 "vm_usd": cvo.vm_monthly_cost_usd(m), "status": cvo.machine_status(m)}
                             for m in (*cvo.MACHINE_TYPES, *cvo.machine_types_today())},
                "tested": list(cvo.MACHINE_TYPES), "today": list(cvo.machine_types_today()),
                "routes": [list(r) for r in CVO_ROUTES], "copies": data.value("google_cloud_cvo", "ha_mirror_copies",
                                                                               "copies"),
                "disk_reads_per_read": path["disk_reads_per_read"],
                "disk_writes_per_write": path["disk_writes_per_write"],
                "disk_bytes_per_byte_written": path["disk_bytes_per_byte_written"],
                "nvram_bytes_per_byte_written": path["nvram_bytes_per_byte_written"],
                "nvram": cvo.nvram_disk_limits(),
                "limit_names": list(cvo.LIMITS), "reserve": cvo.reserve_share(),
                "measured": {m: [{**cvo.workload_mix(n), "mb_per_s": cvo.measured(m, n)["mb_per_s"],
                                  "latency_ms": cvo.result_latency_ms(cvo.measured(m, n))} for n in cvo.WORKLOADS]
                             for m in cvo.MACHINE_TYPES},
                "disks": {d: {"iops_per_gib": cvo.google_cloud.pd_size_limits(1.0, d)["iops"],
                              "mibps_per_gib": cvo.google_cloud.pd_size_limits(1.0, d)["mibps"],
                              "usd_per_gib": float(cvo.google_cloud.pd_monthly_cost_usd(1.0, disk_type=d))}
                          for d in cvo.google_cloud.DISK_TYPES},
                "system_usd": {lay: cvo.system_disks_monthly_cost_usd(lay)["total"] for lay in cvo.LAYOUTS}},
        "eda": hpc_eda.latency_curves(),
        "vm": {"disk": VM_DISK, "disk_gib": azure_vm.limit(VM_DISK, "size", "GiB"),
               "disk_mb_per_s": azure_vm.limit(VM_DISK, "mb_per_s", "MB/s"),
               "disk_iops": azure_vm.limit(VM_DISK, "iops", "IOPS"),
               "sizes": {v: {"uncached_mb_per_s": azure_vm.limit(v, "uncached_mb_per_s", "MB/s"),
                             "network_mb_per_s": azure_vm.limit(v, "network", "MB/s"),
                             "uncached_iops": azure_vm.limit(v, "uncached_iops", "IOPS"),
                             "max_disks": azure_vm.limit(v, "max_data_disks", "disks"),
                             "burst_mb_per_s": (azure_vm.limit(v, "burst_mb_per_s", "MB/s")
                                                if v in azure_vm.UNCACHED_SIZES else None),
                             "status": azure_vm.sale_status(v)["text"],
                             **({"v2_mb_per_s": azure_vm.limit(v, "v2_ultra_mb_per_s", "MB/s"),
                                 "v2_iops": azure_vm.limit(v, "v2_ultra_iops", "IOPS")}
                                if v in azure_vm.UNCACHED_SIZES else {}),
                             **({"nvme": azure_vm.local_nvme(v)} if v in azure_vm.NVME_SIZES else {}),
                             "usd_hour": {r: usd for r in azure_vm.price_regions()
                                          if math.isfinite(usd := azure_vm.hourly_price_usd(v, r))}}
                         for v in VM_SIZES},
               "nvme": VM_NVME,
               "series": {k: list(v) for k, v in VM_SERIES.items()}, "routes": [list(r) for r in VM_ROUTES],
               "v2": azure_vm.premium_v2_rules()},
    }


def frontier(frame):
    """Which options no other beats on both cost and headroom: the ones worth weighing against each other.

    Parameters
    ----------
    frame : pandas.DataFrame
        Option rows with the columns ``feasible``, ``price_complete``, ``horizon_usd`` [USD] and ``headroom`` [-],
        as :func:`options` returns them: the cost over the horizon, the one the studio ranks by.

    Returns
    -------
    pandas.Series
        Booleans on the frame's index: True for a feasible row with a complete price that no other such row beats,
        that is, no other costs as little or less over the horizon and leaves as much headroom or more, one of the two
        strictly. Rows without a feasible, complete price are False: they cannot be weighed on cost.

    Notes
    -----
    The set is what economists call the Pareto frontier of cost against headroom; every row off it has an
    alternative that is no dearer and no tighter. Two rows with the same cost and the same headroom do not beat each
    other, so both stay on it. The site's studio (``studio-page.js``) marks the same set.

    Examples
    --------
    The HPC/EDA module's knowledge check, 50 TiB at 3,000 MiB/s: the cheapest option is on the frontier, and so is
    an option that costs more only because it leaves more headroom.

    >>> o = options(50, mibps=3000)
    >>> on = frontier(o)
    >>> bool(on.iloc[0]), int(on.sum()) > 1, bool((o.loc[on, "headroom"] > o.loc[0, "headroom"]).any())
    (True, True, True)
    """
    _frame(frame, ("feasible", "price_complete", "horizon_usd", "headroom"))
    usd = pd.to_numeric(frame["horizon_usd"], errors="coerce")
    room = pd.to_numeric(frame["headroom"], errors="coerce")
    priced = (frame["feasible"].astype(bool) & frame["price_complete"].astype(bool) & usd.notna() & room.notna())
    # to the cent, as :func:`rank` orders them: options that cost the same tie, whatever the float noise
    u = np.floor(usd[priced].to_numpy(dtype=float) * 100 + 0.5)
    h = room[priced].to_numpy(dtype=float)
    beaten = [bool(((u <= a) & (h >= b) & ((u < a) | (h > b))).any()) for a, b in zip(u, h)]
    out = pd.Series(False, index=frame.index, name="frontier")
    if beaten:
        out[priced[priced].index] = [not x for x in beaten]
    return out


#: The workloads the guide's sources measured, as :func:`reference_workloads` names them.
REFERENCE_WORKLOADS = ("HPC/EDA knowledge check", "HPC/EDA farm under its latency bound", "Cassandra node")


def reference_workloads():
    """The workloads the guide's sources measured, as :func:`options` takes them, built from the data package: the
    HPC/EDA module's knowledge check (its data and its throughput); the module's farm of five volumes under its
    latency bound (its load, and the bytes an operation of SPEC's EDA mix moves, as the HPC/EDA chapter's planner
    reckons them); one node of the Cassandra chapter's iostat run (its disks' capacity, the disk reads a second it
    measured, and the bytes the chapter's model says each disk read moves at that run's read-ahead). The sizing
    studio chapter works them, and a price refresh reports what it does to their verdicts. Each is sized to its
    need exactly (``target_utilization`` 1), as the chapters' planners size it."""
    module = data.load("hpc_eda_module").set_index("id")["value"]
    setup = cassandra.setup()
    run = data.row("cassandra_disk_caching_results", cassandra.IOSTAT_RUN)
    work = cassandra.disk_work(float(run["read_ahead_kb"]))
    cases = [{"capacity_tib": module["quiz2_capacity_min"], "mibps": module["quiz2_throughput_min"]},
             {"capacity_tib": module["fig5_volume_quota"] * module["fig5_volumes_five"],
              "ops_per_s": module["fig6_ops_5vol_2ms"],
              "io_kib": hpc_eda.bytes_per_op_kib(hpc_eda.FARM_BASIS["large"][0]),
              "latency_ms": module["fig6_latency_bound"]},
             {"capacity_tib": azure_vm.limit(cassandra.DISK, "size", "TiB") * setup["disk_count"],
              "ops_per_s": run["value"] / setup["vm_count"] * cassandra.disk_ios_per_read(),
              "io_kib": work["kib"] / work["ios"]}]
    # the chapters' planners size to the need exactly, and so do these: a reader's own workload gets the default target
    return {name: {**{k: float(v) for k, v in case.items()}, "target_utilization": 1.0}
            for name, case in zip(REFERENCE_WORKLOADS, cases)}
