"""Azure NetApp Files: throughput by service level and quota, sizing a volume, and what it costs a month.

With the Standard, Premium and Ultra service levels (automatic QoS), a volume may move up to its quota times
its service level's rate per TiB, and never more than the ceiling of its volume type. With the Flexible service
level, throughput is bought separately from capacity, within a range set by the pool's size. Every rate and
limit is read from ``data/platforms/azure_netapp_files_limits.csv``, which cites Microsoft's documentation row by
row, and every price from ``data/platforms/azure_netapp_files_prices.csv``: the Azure Retail Prices snapshot of
every Azure NetApp Files meter, committed to Azure/azure-netapp-files on 2026-01-29 (:data:`PRICE_SNAPSHOT_DATE`).
Azure bills provisioned capacity by the hour; a month is :data:`storageperf.concepts.units.HOURS_PER_MONTH` hours.

References
----------
.. [1] Microsoft Learn, "Service levels for Azure NetApp Files", 2026-01-29.
.. [2] Microsoft Learn, "Resource limits for Azure NetApp Files", 2025-06-10.
.. [3] Microsoft Learn, "Understand large volumes in Azure NetApp Files" and "Requirements and considerations
   for large volumes", 2025-11-11.
.. [4] Microsoft Learn, "Manage Azure NetApp Files storage with cool access", 2025-10-28.
.. [5] Microsoft Learn, "Cost model for Azure NetApp Files", 2026-06-15: "The service meters all consumption
   hourly and invoices monthly"; a Flexible pool is billed for capacity plus throughput above the baseline.
.. [6] Azure Retail Prices, Azure NetApp Files meters, snapshot in Azure/azure-netapp-files
   docs/calc/beta/pricing-data.json (commit 5bd1556, 2026-01-29).
.. [7] Microsoft Learn, "Azure NetApp Files storage with cool access", 2024-09-05: cool tier capacity and network
   transfer are billed separately, unallocated pool capacity at the hot rate; coolness period 2 to 183 days.
.. [8] Microsoft Learn, cool access configuration settings (include of "Manage Azure NetApp Files storage with
   cool access"), 2025-06-06: the retrieval policies Default, On-Read and Never; tiering starts up to 48 hours
   after the coolness period.
.. [9] Microsoft Learn, "How Azure NetApp Files snapshots work", 2022-11-22: snapshots keep changed blocks in the
   volume; "Average daily snapshot consumption ranges from only 1-5% of used volume capacity for many application
   volumes"; up to 255 snapshots per volume.
.. [10] Azure NetApp Files Performance Calculator (advanced), Azure/azure-netapp-files docs/calc/advanced/index.html
   (commit 1140581, 2023-05-23): a regular volume's most throughput by read percentage for 64 KiB sequential, 8 KiB
   and 4 KiB random I/O (``data/platforms/azure_netapp_files_mix_curves.csv``).
.. [11] Microsoft Learn, "Azure NetApp Files regular volume performance benchmarks for Linux", 2024-03-24: "~1,600
   MiB/s pure sequential writes and ~4,500 MiB/s pure sequential reads" (64 KiB); "~130,000 pure random writes and
   ~460,000 pure random reads" (4 KiB).
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from .. import checks, data
from ..concepts import bandwidth, bounds, units

_LIMITS, _PRICES = "azure_netapp_files_limits", "azure_netapp_files_prices"
_SUPPORT = "azure_netapp_files_volume_support"


def _limit(limit_id, unit):
    return data.value(_LIMITS, limit_id, unit)


#: Service levels whose throughput is quota x rate (automatic QoS).
SERVICE_LEVELS = ("Standard", "Premium", "Ultra")
#: Volume types [3]_: a regular volume (up to 100 TiB); a large volume (50 TiB to 1 PiB, one storage endpoint);
#: a large volume in breakthrough mode (preview: several endpoints on dedicated capacity, up to 50 GiB/s); an
#: extra-large volume (preview: up to 7.2 PiB, most of it in the cool tier).
VOLUME_TYPES = ("regular", "large", "breakthrough", "extra-large")
#: Every service level a capacity pool can have: the three above, and Flexible, whose throughput is bought apart
#: from its capacity (manual QoS).
ALL_SERVICE_LEVELS = SERVICE_LEVELS + ("Flexible",)


def throughput_per_tib_mibps(service_level, cool_access=False):
    """Throughput a service level grants per TiB of volume quota.

    Parameters
    ----------
    service_level : {"Standard", "Premium", "Ultra"}
    cool_access : bool
        Whether cool access is enabled on the volume, which lowers the Premium and Ultra rates by the rule of
        2025 [4]_ (Standard keeps its rate); :func:`cool_access_volume_throughput_mibps` has every rule.

    Returns
    -------
    float
        Throughput per TiB of quota. [MiB/s per TiB]

    Examples
    --------
    >>> throughput_per_tib_mibps("Premium"), throughput_per_tib_mibps("Premium", cool_access=True)
    (64.0, 36.0)
    """
    checks.choice("service_level", service_level, SERVICE_LEVELS)
    if not isinstance(cool_access, (bool, np.bool_)):
        raise TypeError(f"cool_access must be True or False, got {cool_access!r}")
    if cool_access:
        return _limit(f"throughput_per_tib_cool_{service_level.lower()}", "MiB/s per TiB")
    return _limit(f"throughput_per_tib_{service_level.lower()}", "MiB/s per TiB")


def quota_range_tib(volume_type="regular"):
    """Smallest and largest quota of one volume.

    Parameters
    ----------
    volume_type : {"regular", "large"}

    Returns
    -------
    tuple of float
        ``(smallest, largest)`` quota. [TiB]

    Examples
    --------
    >>> quota_range_tib("regular")
    (0.048828125, 100.0)
    """
    checks.choice("volume_type", volume_type, VOLUME_TYPES)
    key = volume_type.replace("-", "_")
    return tuple(_limit(f"volume_quota_{end}_{key}", "TiB") for end in ("min", "max"))


def check_quota_tib(quota_tib, volume_type="regular"):
    """Return ``quota_tib`` as floats if every value is a valid quota for ``volume_type``; raise otherwise."""
    low, high = quota_range_tib(volume_type)
    return checks.in_range("quota_tib", quota_tib, low, high, "TiB", f"for a {volume_type} volume")


def supported_service_levels(volume_type):
    """The service levels Microsoft offers a volume type at, generally available ones first.

    Parameters
    ----------
    volume_type : {"regular", "large", "breakthrough", "extra-large"}

    Returns
    -------
    tuple of str
        Levels of :data:`ALL_SERVICE_LEVELS` with a row in ``data/platforms/azure_netapp_files_volume_support.csv``,
        in that order.

    Notes
    -----
    Large volumes are offered at every service level, Flexible included ("12,800 MiB/s on all service levels",
    2025-11-11); breakthrough mode (preview) "is supported on the Flexible, Standard, Premium, and Ultra service
    levels" (2026-02-10) [3]_. :func:`volume_status` says which pairs are in preview.

    Examples
    --------
    >>> supported_service_levels("large")
    ('Standard', 'Premium', 'Ultra', 'Flexible')
    """
    checks.choice("volume_type", volume_type, VOLUME_TYPES)
    return tuple(level for level in ALL_SERVICE_LEVELS if (volume_type, level) in _support())


@functools.cache
def _support():
    """``{(volume type, service level): status}`` of the volume-support table (read once)."""
    return {(t, level): status for t, level, status in data.load(_SUPPORT)[["volume_type", "service_level",
                                                                            "status"]].itertuples(index=False)}


def volume_status(volume_type, service_level):
    """Whether a volume type is generally available or in preview at a service level.

    Parameters
    ----------
    volume_type : {"regular", "large", "breakthrough", "extra-large"}
    service_level : one of :func:`supported_service_levels` for the volume type

    Returns
    -------
    str
        ``"generally available"`` or ``"preview"``.

    Examples
    --------
    >>> volume_status("large", "Flexible"), volume_status("breakthrough", "Flexible")
    ('generally available', 'preview')
    """
    checks.choice("service_level", service_level, supported_service_levels(volume_type))
    return str(_support()[(volume_type, service_level)])


def volume_ceiling_mibps(service_level, volume_type="regular"):
    """Most throughput one volume can have, whatever its quota.

    Parameters
    ----------
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    volume_type : {"regular", "large", "breakthrough", "extra-large"}

    Returns
    -------
    float
        Throughput ceiling. [MiB/s]

    Notes
    -----
    Large volumes stop at 12,800 MiB/s "on all service levels" [3]_, Flexible included, extra-large ones too (the
    pages give them no other); in breakthrough mode Microsoft writes "up to 50 GiB/s ... depending on workload
    characteristics", a most rather than a promise.

    Examples
    --------
    >>> volume_ceiling_mibps("Standard"), volume_ceiling_mibps("Flexible"), volume_ceiling_mibps("Ultra", "large")
    (1600.0, 4500.0, 12800.0)
    >>> volume_ceiling_mibps("Flexible", "large"), volume_ceiling_mibps("Premium", "breakthrough")
    (12800.0, 51200.0)
    """
    checks.choice("volume_type", volume_type, VOLUME_TYPES)
    checks.choice("service_level", service_level, supported_service_levels(volume_type))
    if volume_type in ("large", "extra-large"):
        return _limit("volume_ceiling_large_flexible" if service_level == "Flexible" else "volume_ceiling_large",
                      "MiB/s")
    if volume_type == "breakthrough":
        return _limit("volume_ceiling_breakthrough", "MiB/s")
    return _limit(f"volume_ceiling_regular_{service_level.lower()}", "MiB/s")


_MIX = "azure_netapp_files_mix_curves"
#: I/O sizes of the published read/write curves of a regular volume [10]_: 4 and 8 KiB random, 64 KiB sequential.
MIX_IO_KIB = (4, 8, 64)
#: How :func:`mix_ceiling` arrived at its answer: on a published curve (between its 10 % steps of reads, linearly);
#: between two curves' I/O sizes; or outside the measured sizes, or on a volume type with no published curve.
MIX_BASES = ("measured", "interpolated", "extrapolated")


def mix_curve(io_kib=64, document="anf-advanced-calculator"):
    """A published curve of a regular volume's most throughput by the share of reads.

    Parameters
    ----------
    io_kib : {4, 8, 64}
        I/O size of the curve: 4 or 8 KiB random, 64 KiB sequential. [KiB]
    document : {"anf-advanced-calculator", "anf-benchmarks-linux"}
        Microsoft's advanced calculator [10]_ (every 10 % of reads) or its benchmark page [11]_ (the two ends only,
        64 and 4 KiB).

    Returns
    -------
    pandas.DataFrame
        ``read_share`` (0 to 1) and ``mibps`` [MiB/s], by read share; the page's IOPS are converted at ``io_kib``.

    Examples
    --------
    >>> mix_curve(64).set_index("read_share")["mibps"].loc[[0.0, 0.5, 1.0]].tolist()
    [1733.0, 2658.0, 4500.0]
    """
    if isinstance(io_kib, (str, bool, np.bool_)) or io_kib not in MIX_IO_KIB:
        raise ValueError(f"io_kib must be one of {', '.join(map(str, MIX_IO_KIB))} KiB; got {io_kib!r}")
    checks.choice("document", document, ("anf-advanced-calculator", "anf-benchmarks-linux"))
    shares, mibps = _mix_points(io_kib, document)
    return pd.DataFrame({"read_share": shares, "mibps": mibps})


@functools.cache
def _mix_points(io_kib, document="anf-advanced-calculator"):
    """``(read shares, MiB/s)`` of one published curve, as tuples (read once)."""
    curves = data.load(_MIX)
    rows = curves[(curves["io_kib"] == io_kib) & (curves["document"] == document)].sort_values("read_percent")
    if rows.empty:
        raise ValueError(f"io_kib must be 64 or 4 for document {document!r} (the page states no other curve); "
                         f"got {io_kib!r}")
    mibps = [data.value(_MIX, i, "MiB/s") if u == "MiB/s" else bandwidth.bandwidth_mibps(v, io_kib)
             for i, u, v in zip(rows["id"], rows["unit"], rows["value"])]
    return tuple(float(r) for r in rows["read_percent"].to_numpy() / 100), tuple(float(m) for m in mibps)


def mix_ceiling(volume_type="regular", read_share=1.0, io_kib=64):
    """Most throughput one volume moves at a share of reads and an I/O size, and how far that is from a measurement.

    Parameters
    ----------
    volume_type : {"regular", "large", "breakthrough", "extra-large"}
    read_share : float or array-like
        Share of the operations that are reads, 0 (all writes) to 1 (all reads).
    io_kib : float
        Size of each I/O, greater than 0. [KiB]

    Returns
    -------
    dict
        ``mibps`` [MiB/s]: the ceiling (``inf`` where no curve is published: the volume type's own ceiling is then
        the only one); ``basis``: one of :data:`MIX_BASES`; ``extrapolated``: ``basis == "extrapolated"``, and a
        reader should see it said.

    Notes
    -----
    A regular volume follows Microsoft's advanced calculator [10]_: linear between its 10 % steps of reads. The 4 and
    8 KiB curves are random I/O at one IOPS, the 64 KiB curve sequential I/O. Between 4 and 64 KiB the ceiling is
    interpolated between the neighbouring curves, linearly in the logarithm of the size (``"interpolated"``); below
    4 KiB the 4 KiB curve's IOPS hold, above 64 KiB its MiB/s (``"extrapolated"``: nothing was measured there).
    Large, breakthrough and extra-large volumes have no published curve: the answer is ``inf`` (their ceiling
    alone), ``"measured"`` only for all-read 64 KiB I/O, which their ceilings describe, and ``"extrapolated"``
    otherwise. Microsoft's benchmark page [11]_ states lower ends than the calculator (``mix_curve(...,
    document="anf-benchmarks-linux")``): source discrepancy anf-mix-01.

    Examples
    --------
    All writes of 64 KiB: 1,733 MiB/s, not the 4,500 of all reads; 70 % reads of 8 KiB: 2,106 MiB/s.

    >>> mix_ceiling("regular", 0.0, 64)
    {'mibps': 1733.0, 'basis': 'measured', 'extrapolated': False}
    >>> mix_ceiling("regular", 0.7, 8)["mibps"], mix_ceiling("regular", 1.0, 256)["basis"]
    (2106.0, 'extrapolated')
    """
    checks.choice("volume_type", volume_type, VOLUME_TYPES)
    share = checks.fraction("read_share", read_share)
    if np.ndim(io_kib) != 0:
        raise ValueError(f"io_kib must be one number of KiB, got {io_kib!r}")
    size = float(checks.positive("io_kib", io_kib, "KiB"))
    if volume_type != "regular":
        basis = "measured" if size == MIX_IO_KIB[-1] and np.all(share == 1) else "extrapolated"
        return {"mibps": checks.scalar_or_array(np.full(np.shape(share), np.inf)), "basis": basis,
                "extrapolated": basis == "extrapolated"}

    def on_curve(kib):
        return np.interp(share, *_mix_points(kib))

    if size in MIX_IO_KIB:
        mibps, basis = on_curve(size), "measured"
    elif size < MIX_IO_KIB[0]:
        mibps, basis = on_curve(MIX_IO_KIB[0]) * size / MIX_IO_KIB[0], "extrapolated"
    elif size > MIX_IO_KIB[-1]:
        mibps, basis = on_curve(MIX_IO_KIB[-1]), "extrapolated"
    else:
        low = max(k for k in MIX_IO_KIB if k < size)
        high = min(k for k in MIX_IO_KIB if k > size)
        w = np.log(size / low) / np.log(high / low)
        mibps, basis = (1 - w) * on_curve(low) + w * on_curve(high), "interpolated"
    return {"mibps": checks.scalar_or_array(mibps), "basis": basis, "extrapolated": basis == "extrapolated"}


def mix_ceiling_mibps(volume_type="regular", read_share=1.0, io_kib=64):
    """Most throughput one volume moves at a share of reads and an I/O size: ``mix_ceiling(...)["mibps"]``. [MiB/s]

    Examples
    --------
    >>> mix_ceiling_mibps("regular", 1.0, 64), mix_ceiling_mibps("regular", 0.0, 64)
    (4500.0, 1733.0)
    """
    return mix_ceiling(volume_type, read_share, io_kib)["mibps"]


def read_share_needed(throughput_mibps, volume_type="regular", io_kib=64):
    """Smallest share of reads at which :func:`mix_ceiling` reaches a throughput.

    Parameters
    ----------
    throughput_mibps : float
        Throughput needed, greater than 0. [MiB/s]
    volume_type : {"regular", "large", "breakthrough", "extra-large"}
    io_kib : float
        Size of each I/O, greater than 0. [KiB]

    Returns
    -------
    float
        The share, 0 to 1, to within 0.001: 0 when even all writes reach it, NaN when even all reads fall short.
        Every curve rises with the share of reads. Whether the answer is measured, :func:`mix_ceiling` says.

    Examples
    --------
    The HPC/EDA module's knowledge check wants 3,000 MiB/s: with 64 KiB I/O a regular volume reaches it from
    70 % + (3,000 - 2,850) / (3,096 - 2,850) x 10 % = 76.1 % reads.

    >>> round(read_share_needed(3000), 3)
    0.761
    """
    need = float(checks.positive("throughput_mibps", throughput_mibps, "MiB/s"))
    shares = np.linspace(0, 1, 1001)
    reach = np.asarray(mix_ceiling(volume_type, shares, io_kib)["mibps"]) >= need
    if not reach.any():
        return float("nan")
    first = int(np.argmax(reach))
    if first == 0:
        return 0.0
    if volume_type == "regular" and io_kib in MIX_IO_KIB:  # exact on a published curve: invert it
        c = mix_curve(io_kib)
        return float(np.interp(need, c["mibps"], c["read_share"]))
    return float(shares[first])


def _effective_ceiling(service_level, volume_type, read_share, io_kib):
    """The volume type's ceiling and the mix curve's, and the lower of the two. [MiB/s]"""
    ceiling = volume_ceiling_mibps(service_level, volume_type)
    mix = mix_ceiling_mibps(volume_type, read_share, io_kib)
    return ceiling, mix, np.minimum(ceiling, mix)


def _limits(quota, rate, ceiling, mix):
    """The named limits in tie order: the mix curve binds only where it is below both others."""
    return {"quota x service level": quota * rate, "volume ceiling": ceiling, MIX_LIMIT: mix}


#: What :func:`binding_limit` names where the read/write mix curve is the lowest limit.
MIX_LIMIT = "read/write mix curve"


def volume_throughput_mibps(quota_tib, service_level, volume_type="regular", cool_access=False, read_share=1.0,
                            io_kib=64):
    """Throughput limit of a volume with automatic QoS.

    Parameters
    ----------
    quota_tib : float or array-like
        Volume quota, within :func:`quota_range_tib` for the volume type. [TiB]
    service_level : {"Standard", "Premium", "Ultra"}
    volume_type : {"regular", "large"}
    cool_access : bool
        Whether cool access is enabled (Premium and Ultra only).
    read_share, io_kib
        The workload's share of reads (0 to 1) and I/O size [KiB], as in :func:`mix_ceiling`. The defaults, all
        reads of 64 KiB, give the volume type's ceiling: the numbers of the guide before the mix was an input.

    Returns
    -------
    float or numpy.ndarray
        Throughput limit. [MiB/s]

    Notes
    -----
    ``min(quota x rate(service_level), ceiling(service_level, volume_type), mix_ceiling(volume_type, read_share,
    io_kib))`` [1]_ [2]_ [3]_ [10]_. Whether the mix's answer is extrapolated, :func:`mix_ceiling` says. The quota
    sets the limit, not the data stored. It is a limit: a client reaches it only with enough I/O in flight and network
    bandwidth (see :mod:`storageperf.concepts.queueing`).

    Examples
    --------
    The HPC/EDA module's Premium volume of 10 TiB: 64 x 10 = 640 MiB/s.

    >>> volume_throughput_mibps(10, "Premium")
    640.0

    A 50 TiB Ultra volume would be 6,400 MiB/s by its quota, but a regular volume stops at 4,500:

    >>> volume_throughput_mibps(50, "Ultra")
    4500.0

    Unless it writes: with every I/O a 64 KiB write, the published curve stops it at 1,733 MiB/s.

    >>> volume_throughput_mibps(50, "Ultra", read_share=0.0)
    1733.0
    """
    rate = throughput_per_tib_mibps(service_level, cool_access)
    ceiling, mix, _ = _effective_ceiling(service_level, volume_type, read_share, io_kib)
    quota = check_quota_tib(quota_tib, volume_type)
    return bounds.tightest(_limits(quota, rate, ceiling, mix))[0]


#: What :func:`binding_limit` names where quota x service level equals the volume type's ceiling.
TIED_LIMITS = "quota x service level and volume ceiling (a tie)"


def binding_limit(quota_tib, service_level, volume_type="regular", cool_access=False, read_share=1.0, io_kib=64):
    """Which limit sets :func:`volume_throughput_mibps`: ``"quota x service level"``, ``"volume ceiling"`` or
    :data:`MIX_LIMIT`.

    Parameters are those of :func:`volume_throughput_mibps`.

    Returns
    -------
    str or numpy.ndarray of str
        :data:`TIED_LIMITS` where quota x service level equals the ceiling: both bind, a larger quota adds nothing
        and a smaller one loses throughput.

    Examples
    --------
    >>> binding_limit(10, "Premium"), binding_limit(100, "Premium")
    ('quota x service level', 'volume ceiling')

    A Standard regular volume of 100 TiB: 100 x 16 = 1,600 MiB/s, exactly the Standard ceiling.

    >>> binding_limit(100, "Standard")
    'quota x service level and volume ceiling (a tie)'
    >>> binding_limit(100, "Premium", read_share=0.0)
    'read/write mix curve'
    """
    rate = throughput_per_tib_mibps(service_level, cool_access)
    ceiling, mix, _ = _effective_ceiling(service_level, volume_type, read_share, io_kib)
    quota = check_quota_tib(quota_tib, volume_type)
    by_quota = quota * rate
    binding = bounds.tightest(_limits(quota, rate, ceiling, mix))[1]
    tied = np.isclose(by_quota, ceiling, rtol=1e-12, atol=0) & (ceiling <= mix)
    if np.ndim(tied) == 0:
        return TIED_LIMITS if tied else binding
    return np.where(tied, TIED_LIMITS, binding)


def quota_for_throughput_tib(throughput_mibps, service_level, volume_type="regular", cool_access=False, read_share=1.0,
                             io_kib=64):
    """Smallest quota whose service level grants a throughput (before the ceiling).

    Parameters
    ----------
    throughput_mibps : float or array-like
        Throughput needed, greater than 0 and at most the volume's ceiling. [MiB/s]
    service_level, volume_type, cool_access, read_share, io_kib
        As in :func:`volume_throughput_mibps`.

    Returns
    -------
    float or numpy.ndarray
        Quota, at least the volume type's smallest quota. [TiB]

    Notes
    -----
    ``max(throughput / rate, smallest quota)``. Above the ceiling no quota is enough, and the function says so.

    Examples
    --------
    The module's knowledge check wants 3,000 MiB/s: Premium needs 46.875 TiB of quota, Ultra 23.4 TiB.

    >>> quota_for_throughput_tib(3000, "Premium")
    46.875
    """
    rate = throughput_per_tib_mibps(service_level, cool_access)
    ceiling, mix, top = _effective_ceiling(service_level, volume_type, read_share, io_kib)
    context = f"for a {volume_type} {service_level} volume"
    if np.ndim(mix) == 0 and mix < ceiling:
        context += f" at {float(read_share):.0%} reads of {float(io_kib):g} KiB"
    need = checks.in_range("throughput_mibps", throughput_mibps, 0, top, "MiB/s", context, low_open=True)
    low, _ = quota_range_tib(volume_type)
    return checks.scalar_or_array(np.maximum(need / rate, low))


#: The rules Microsoft's pages have given for the throughput of a volume with cool access, by the year each appeared:
#: ``"2024"``: the service level's rate, as without cool access (manage cool access, to 2024-11-12); ``"2025"``:
#: Premium 36 and Ultra 68 MiB/s per TiB of quota, Standard unchanged (from 2025-01-29; still the rule for pools
#: that had cool access before the 2026 update, and outside its regions); ``"2026"``: hot data at the service
#: level's rate and cool data at 16 MiB/s per TiB (cool-access introduction, 2026-03-10, new pools in the regions
#: of ``data/platforms/azure_netapp_files_cool_access_regions.csv``).
COOL_ACCESS_RULES = ("2024", "2025", "2026")


def cool_access_rule(region, pool_created_after_update=True):
    """Which of :data:`COOL_ACCESS_RULES` sets a Premium or Ultra volume's throughput with cool access today.

    Parameters
    ----------
    region : str
        Azure region (``armRegionName``, e.g. ``"eastus"``).
    pool_created_after_update : bool
        Whether the capacity pool got cool access after the 2026 update; older pools keep the 2025 rule.

    Returns
    -------
    str
        ``"2026"`` in the regions the 2026 page lists, for new pools; ``"2025"`` otherwise.

    Examples
    --------
    >>> cool_access_rule("eastus"), cool_access_rule("westus"), cool_access_rule("westus", False)
    ('2025', '2026', '2025')
    """
    if not isinstance(region, str) or not region:
        raise ValueError(f"region must be an Azure region name such as 'eastus'; got {region!r}")
    if not isinstance(pool_created_after_update, (bool, np.bool_)):
        raise TypeError(f"pool_created_after_update must be True or False, got {pool_created_after_update!r}")
    listed = set(data.load("azure_netapp_files_cool_access_regions")["region"])
    return "2026" if pool_created_after_update and region in listed else "2025"


def cool_access_volume_throughput_mibps(quota_tib, service_level, cool_tib=0.0, rule="2026", volume_type="regular",
                                        read_share=1.0, io_kib=64):
    """Throughput limit of a volume with cool access, by one of the rules Microsoft's pages have given.

    Parameters
    ----------
    quota_tib : float or array-like
        Volume quota, within :func:`quota_range_tib`. [TiB]
    service_level : {"Standard", "Premium", "Ultra"}
    cool_tib : float or array-like
        Data in the cool tier, 0 to the quota. [TiB]
    rule : {"2024", "2025", "2026"}
        See :data:`COOL_ACCESS_RULES`; :func:`cool_access_rule` says which applies to a pool.
    volume_type : {"regular", "large"}
    read_share, io_kib
        As in :func:`volume_throughput_mibps`: the mix curve caps every rule.

    Returns
    -------
    float or numpy.ndarray
        Throughput limit, never above the volume type's ceiling. [MiB/s]

    Notes
    -----
    - ``"2024"``: ``quota x rate``, as :func:`volume_throughput_mibps` without cool access.
    - ``"2025"``: ``quota x reduced rate`` (:func:`throughput_per_tib_mibps` with ``cool_access=True``), whatever
      is cool, and it stays if cool access is turned off [4]_.
    - ``"2026"``: ``(quota - cool) x rate + cool x 16 MiB/s per TiB`` once more than 100 GiB is cool, else
      ``quota x rate``. The page writes "hot tier data"; the guide reads it as the quota not in the cool tier, as
      its closing line says throughput "scales linearly with the provisioned capacity". Standard's rate is
      16 MiB/s per TiB either way.

    Examples
    --------
    50 TiB at Premium, 40 TiB of it cool: 3,200 MiB/s without cool access; 1,800 by the 2025 rule; 1,280 by the
    2026 rule.

    >>> [float(cool_access_volume_throughput_mibps(50, "Premium", 40, rule)) for rule in COOL_ACCESS_RULES]
    [3200.0, 1800.0, 1280.0]
    """
    checks.choice("rule", rule, COOL_ACCESS_RULES)
    quota = check_quota_tib(quota_tib, volume_type)
    cool = checks.in_range("cool_tib", cool_tib, 0, np.max(quota), "TiB", "(at most the quota)")
    if np.any(cool > quota):
        raise ValueError(f"cool_tib must be at most quota_tib; got cool_tib={cool_tib!r}, quota_tib={quota_tib!r}")
    mix = {"read_share": read_share, "io_kib": io_kib}
    if rule == "2024":
        return volume_throughput_mibps(quota, service_level, volume_type, **mix)
    if rule == "2025":
        return volume_throughput_mibps(quota, service_level, volume_type, cool_access=True, **mix)
    rate = throughput_per_tib_mibps(service_level)
    split = (quota - cool) * rate + cool * _limit("throughput_per_tib_cool_tier", "MiB/s per TiB")
    threshold = _limit("cool_tier_throughput_threshold", "TiB")
    by_data = np.where(cool > threshold, split, quota * rate)
    return bounds.tightest({"quota x service level": by_data,
                            "volume ceiling": _effective_ceiling(service_level, volume_type, **mix)[2]})[0]


def pool_range_tib():
    """Smallest and largest capacity pool, ``(smallest, largest)``. [TiB]

    Examples
    --------
    >>> pool_range_tib()
    (1.0, 2048.0)
    """
    return _limit("capacity_pool_min", "TiB"), _limit("capacity_pool_max", "TiB")


def coolness_periods_days():
    """Shortest, default and longest coolness period of cool access, ``(shortest, default, longest)``. [days]

    Examples
    --------
    >>> coolness_periods_days()
    (2.0, 31.0, 183.0)
    """
    return tuple(_limit(f"coolness_period_{k}", "days") for k in ("min", "default", "max"))


def flexible_throughput_range_mibps(pool_tib):
    """Throughput a Flexible service level capacity pool can be given.

    Parameters
    ----------
    pool_tib : float or array-like
        Capacity pool size, between the smallest and largest pool. [TiB]

    Returns
    -------
    tuple
        ``(smallest, largest)`` throughput: the baseline included with every pool, and 640 MiB/s per TiB of
        pool (never below the baseline). [MiB/s]

    Examples
    --------
    >>> flexible_throughput_range_mibps(1)
    (128.0, 640.0)
    """
    low, high = pool_range_tib()
    pool = checks.in_range("pool_tib", pool_tib, low, high, "TiB", "for a capacity pool")
    base = _limit("flexible_pool_baseline_throughput", "MiB/s")
    top = np.maximum(pool * _limit("flexible_max_throughput_per_tib", "MiB/s per TiB"), base)
    return base, checks.scalar_or_array(top)

def size_volume(capacity_tib, throughput_mibps, service_level, volume_type="regular", read_share=1.0, io_kib=64):
    """Smallest quota that holds the data and grants the throughput, and whether the volume type allows it.

    Parameters
    ----------
    capacity_tib : float or array-like
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput the volume must grant, greater than 0. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra"}
    volume_type : {"regular", "large"}
    read_share, io_kib
        As in :func:`volume_throughput_mibps`: the ceiling is the lower of the volume type's and the mix curve's.

    Returns
    -------
    dict
        ``quota_tib`` [TiB]: ``max(capacity, throughput / rate, smallest quota)``; ``throughput_mibps`` [MiB/s]: what
        that quota grants, ``min(quota x rate, ceiling)``, computed even where the quota is too large;
        ``binding``: ``"capacity"`` or ``"throughput"``, whichever sets the quota; ``feasible``: the quota is
        within the volume type's range and its throughput reaches the need.

    Notes
    -----
    The HPC/EDA module's rule: "You get the gross performance limit of the Volume by multiplying the two factors"
    (service level and quota). The ceiling and quota range are today's limits
    (``data/platforms/azure_netapp_files_limits.csv``), not
    the module's (source_discrepancies hpc-eda-03, hpc-eda-04).

    Examples
    --------
    The module's knowledge check: 50 TiB of data and 3,000 MiB/s. Premium needs 50 TiB (capacity binds) and grants
    64 x 50 = 3,200 MiB/s:

    >>> r = size_volume(50, 3000, "Premium")
    >>> r["quota_tib"], r["throughput_mibps"], r["binding"], r["feasible"]
    (50.0, 3200.0, 'capacity', True)
    """
    cap = checks.positive("capacity_tib", capacity_tib, "TiB")
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    rate = throughput_per_tib_mibps(service_level)
    ceiling = _effective_ceiling(service_level, volume_type, read_share, io_kib)[2]
    low, high = quota_range_tib(volume_type)
    by_throughput = need / rate
    quota = np.maximum(np.maximum(cap, by_throughput), low)
    granted = np.minimum(quota * rate, ceiling)
    feasible = (quota <= high) & (granted >= need)
    binding = np.where(cap >= by_throughput, "capacity", "throughput")
    scalar = np.ndim(quota) == 0
    return {"quota_tib": checks.scalar_or_array(quota), "throughput_mibps": checks.scalar_or_array(granted),
            "binding": str(binding) if scalar else binding,
            "feasible": bool(feasible) if scalar else feasible}



def meets_need(quota_tib, service_level, capacity_tib, throughput_mibps, volume_type="regular", read_share=1.0,
               io_kib=64):
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
    read_share, io_kib
        As in :func:`volume_throughput_mibps`.

    Returns
    -------
    bool or numpy.ndarray of bool
        ``quota >= capacity and volume_throughput_mibps(quota) >= throughput``.

    Examples
    --------
    The module's knowledge check, question 2 (50 TiB, 3,000 MiB/s): Ultra + 25 TiB has the throughput (3,200 MiB/s)
    but not the space; Standard + 100 TiB has the space but 1,600 MiB/s.

    >>> [bool(meets_need(q, s, 50, 3000)) for q, s in [(25, "Ultra"), (50, "Premium"), (100, "Standard")]]
    [False, True, False]
    """
    cap = checks.positive("capacity_tib", capacity_tib, "TiB")
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    granted = volume_throughput_mibps(quota_tib, service_level, volume_type, read_share=read_share, io_kib=io_kib)
    result = (np.asarray(quota_tib, dtype=float) >= cap) & (np.asarray(granted) >= need)
    return bool(result) if result.ndim == 0 else result


_CAPACITY_METER = {"Standard": "Standard Capacity", "Premium": "Premium Capacity", "Ultra": "Ultra Capacity",
                   "Flexible": "Flexible Service Level Capacity"}
_THROUGHPUT_METER = "Flexible Service Level Throughput MiBps"
_COOL_METERS = ("Standard Storage with Cool Access Capacity", "Standard Storage with Cool Access Data Transfer")

#: Date of the price snapshot (its row in ``data/documents.csv``).
PRICE_SNAPSHOT_DATE = data.row("documents", "azure-retail-prices-anf")["date"]


def regions():
    """Regions with prices in the snapshot, sorted (Azure ``armRegionName``, e.g. ``"eastus"``)."""
    return sorted({region for region, _ in _prices()})


@functools.cache
def _prices():
    """``{(region, meter): row}`` of the price snapshot, rows as dicts (read once)."""
    table = data.load(_PRICES)
    return {(r["region"], r["meter"]): r for r in table.to_dict("records")}


def price(region, meter):
    """One price from the snapshot.

    Parameters
    ----------
    region : str
        An Azure region name from :func:`regions`, e.g. ``"eastus"``.
    meter : str
        A meter name of ``data/platforms/azure_netapp_files_prices.csv``, e.g. ``"Premium Capacity"``.

    Returns
    -------
    dict
        ``price_usd``, ``unit`` (``1 GiB/Hour``, ``1/Hour`` or ``1 GiB``) and ``effective_start_date``.

    Examples
    --------
    >>> price("eastus", "Premium Capacity")["price_usd"]
    0.000403
    """
    checks.choice("region", region, regions())
    checks.choice("meter", meter, sorted({m for _, m in _prices()}))
    row = _prices().get((region, meter))
    if row is None:
        raise ValueError(f"region {region!r} has no price for {meter!r} in the {PRICE_SNAPSHOT_DATE} snapshot; "
                         f"choose another region")
    return {"price_usd": float(row["price_usd"]), "unit": row["unit"],
            "effective_start_date": row["effective_start_date"]}


def monthly_capacity_cost_usd(capacity_tib, service_level, region="eastus"):
    """Monthly cost of provisioned capacity at one service level.

    Parameters
    ----------
    capacity_tib : float or array-like
        Capacity pool size, between the smallest and largest pool. [TiB]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    region : str
        Azure region, see :func:`regions`.

    Returns
    -------
    float or numpy.ndarray
        Cost of the capacity for a month. [USD]

    Notes
    -----
    ``capacity [GiB] x price [USD per GiB-hour] x 730 h``. Azure NetApp Files bills the provisioned pool,
    not the data stored. For Flexible pools add :func:`monthly_flexible_throughput_cost_usd`.

    Examples
    --------
    A 4 TiB Ultra pool in East US; Microsoft's cost model quotes $1,609 for it:

    >>> round(monthly_capacity_cost_usd(4, "Ultra"), 2)
    1608.66
    """
    checks.choice("service_level", service_level, SERVICE_LEVELS + ("Flexible",))
    low, high = pool_range_tib()
    cap = checks.in_range("capacity_tib", capacity_tib, low, high, "TiB", "for a capacity pool")
    p = price(region, _CAPACITY_METER[service_level])
    gib = units.convert(cap, "TiB", "GiB")
    return checks.scalar_or_array(gib * p["price_usd"] * units.HOURS_PER_MONTH)


def monthly_flexible_throughput_cost_usd(throughput_mibps, pool_tib, region="eastus"):
    """Monthly cost of the throughput a Flexible pool is given above its included baseline.

    Parameters
    ----------
    throughput_mibps : float or array-like
        Throughput assigned to the pool, within :func:`flexible_throughput_range_mibps`. [MiB/s]
    pool_tib : float
        Capacity pool size. [TiB]
    region : str
        Azure region, see :func:`regions`.

    Returns
    -------
    float or numpy.ndarray
        Cost of the throughput for a month. [USD]

    Notes
    -----
    ``(throughput - 128 MiB/s) x price [USD per MiB/s-hour] x 730 h`` [5]_.

    Examples
    --------
    Microsoft's cost model prices "1 TiB Flexible with 512 MiB/s" at $976 a month; in East US the throughput
    is most of it:

    >>> round(monthly_flexible_throughput_cost_usd(512, 1), 2)
    863.95
    >>> round(monthly_flexible_throughput_cost_usd(512, 1) + monthly_capacity_cost_usd(1, "Flexible"), 2)
    976.82
    """
    base, top = flexible_throughput_range_mibps(pool_tib)
    tp = checks.in_range("throughput_mibps", throughput_mibps, base, np.max(top), "MiB/s",
                          f"for a {float(np.max(pool_tib)):g} TiB Flexible pool")
    p = price(region, _THROUGHPUT_METER)
    return checks.scalar_or_array((tp - base) * p["price_usd"] * units.HOURS_PER_MONTH)

def monthly_pool_cost_usd(pool_tib, service_level, throughput_mibps=None, region="eastus"):
    """Monthly cost of a capacity pool: its capacity and, for Flexible, the throughput it is given.

    Parameters
    ----------
    pool_tib : float or array-like
        Capacity pool size. [TiB]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    throughput_mibps : float or array-like, optional
        For Flexible: the throughput the pool is given (:func:`monthly_flexible_throughput_cost_usd`); ignored for
        the levels whose throughput comes with the capacity. [MiB/s]
    region : str
        Azure region, see :func:`regions`.

    Returns
    -------
    float or numpy.ndarray
        :func:`monthly_capacity_cost_usd`, plus :func:`monthly_flexible_throughput_cost_usd` for Flexible. [USD]

    Examples
    --------
    >>> round(monthly_pool_cost_usd(1, "Flexible", 512), 2)
    976.82
    """
    usd = monthly_capacity_cost_usd(pool_tib, service_level, region)
    if service_level == "Flexible":
        base = _limit("flexible_pool_baseline_throughput", "MiB/s")
        usd = usd + monthly_flexible_throughput_cost_usd(base if throughput_mibps is None else throughput_mibps,
                                                         pool_tib, region)
    return checks.scalar_or_array(usd)


def flexible_pool_tib(quota_tib, throughput_mibps):
    """The Flexible capacity pool, in whole TiB, that holds a quota and allows a throughput.

    Parameters
    ----------
    quota_tib : float or array-like
        Quota of the pool's volumes together, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput the pool is given, greater than 0: at most 640 MiB/s per TiB of pool [5]_. [MiB/s]

    Returns
    -------
    float or numpy.ndarray
        :func:`pool_size_tib` of ``max(quota, throughput / 640 MiB/s per TiB)``. [TiB]

    Examples
    --------
    >>> flexible_pool_tib(2, 5000)
    8.0
    """
    quota = checks.positive("quota_tib", quota_tib, "TiB")
    tp = checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    return pool_size_tib(np.maximum(quota, tp / _limit("flexible_max_throughput_per_tib", "MiB/s per TiB")))


def _coolness_days(coolness_period_days):
    low, _, high = coolness_periods_days()
    return checks.in_range("coolness_period_days", coolness_period_days, low, high, "days")



#: Cool-access retrieval policies [8]_, and the share of the reads of cool data that each brings back to the hot
#: tier (``None``: the random share).
RETRIEVAL_POLICIES = {"Default": None, "OnRead": 1.0, "Never": 0.0}


def _rehydrated_share(retrieval_policy, random_share):
    checks.choice("retrieval_policy", retrieval_policy, tuple(RETRIEVAL_POLICIES))
    share = RETRIEVAL_POLICIES[retrieval_policy]
    return random_share if share is None else share


def cool_access_monthly_cost_usd(data_tib, cool_share, read_back_share, random_share, coolness_period_days=None,
                                 service_level="Standard", region="eastus", retrieval_policy="Default"):
    """Monthly cost of a data set on a volume with cool access, by component.

    Parameters
    ----------
    data_tib : float or array-like
        Data stored, between the smallest and largest capacity pool. [TiB]
    cool_share : float or array-like
        Share of the data that is cool (not read for the coolness period), 0 to 1. [-]
    read_back_share : float or array-like
        Share of the data in the cool tier read back in a month, 0 to 1. [-]
    random_share : float or array-like
        Share of the read-back bytes read randomly, 0 to 1; random reads move data back to the hot tier. [-]
    coolness_period_days : float, optional
        Days before unread data moves to the cool tier, 2 to 183; default 31 (the document default). [days]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    region : str
        Azure region, see :func:`regions`.
    retrieval_policy : {"Default", "OnRead", "Never"}
        Which reads of cool data bring it back to the hot tier: random reads only, every read, or none [8]_.

    Returns
    -------
    dict
        ``hot``, ``cool`` (capacity), ``transfer`` and ``total``, each in USD per month. [USD]

    See Also
    --------
    cool_access_profile_cost_usd : the cool share and the reads from one access profile instead of two inputs.

    Notes
    -----
    Steady state. With the Default retrieval policy sequential reads are served from the cool tier and random
    reads move their blocks back to the hot tier, where they stay for a coolness period before moving back down;
    OnRead moves every read block back, Never none [8]_. Call ``h`` the share of reads that move blocks back
    (the random share, 1 or 0).

    - cooled GiB ``C = data x cool_share``; of it, the rehydrated GiB ``R`` are hot again and the rest,
      ``K = C - R``, is in the cool tier. Reads take ``read_back`` of the data still in the cool tier each month,
      ``K x read_back``, and bring ``h`` of it back, where each block stays for the coolness period ``p`` (in
      months); by Little's law ``R = K x read_back x h x p``, so ``K = C / (1 + read_back x h x p)``;
    - transfer GiB a month ``= K x read_back x (1 + h)``: every read of data still in the cool tier, plus the
      rehydrated blocks moving back down [7]_. Data already brought back is read from the hot tier, free of
      transfer;
    - capacity is billed per GiB-hour at the service level's price (hot) and the cool tier's price (cool), and
      transfer per GiB [6]_, with :data:`storageperf.concepts.units.HOURS_PER_MONTH` hours a month.

    The first months, the one-off move of the data to the cool tier, growth and unallocated pool capacity are in
    :func:`cool_access_cost_by_month`.

    Examples
    --------
    100 TiB on Standard in East US, 80 % cool, 10 % of it read back each month, all sequentially:

    >>> round(cool_access_monthly_cost_usd(100, 0.8, 0.1, 0.0)["total"])
    8088
    """
    if coolness_period_days is None:
        coolness_period_days = coolness_periods_days()[1]
    data_tib = checks.in_range("data_tib", data_tib, *pool_range_tib(), "TiB")
    c = checks.fraction("cool_share", cool_share)
    b = checks.fraction("read_back_share", read_back_share)
    h = _rehydrated_share(retrieval_policy, checks.fraction("random_share", random_share))
    days = _coolness_days(coolness_period_days)
    hot_price, cool_price, transfer_price = _cool_access_prices(service_level, region)
    data_gib = units.convert(data_tib, "TiB", "GiB")
    cool_gib = data_gib * c
    cool_tier_gib = cool_gib / (1 + b * h * days / units.DAYS_PER_MONTH)
    rehydrated_gib = cool_gib - cool_tier_gib
    hot_gib = data_gib - cool_gib + rehydrated_gib
    transfer_gib = cool_tier_gib * b * (1 + h)
    parts = {"hot": hot_gib * hot_price * units.HOURS_PER_MONTH,
             "cool": (cool_gib - rehydrated_gib) * cool_price * units.HOURS_PER_MONTH,
             "transfer": transfer_gib * transfer_price}
    parts["total"] = parts["hot"] + parts["cool"] + parts["transfer"]
    return {k: checks.scalar_or_array(v) for k, v in parts.items()}



def _cool_access_prices(service_level, region):
    """(hot capacity per GiB-hour, cool capacity per GiB-hour, transfer per GiB) in a region. [USD]"""
    checks.choice("service_level", service_level, ALL_SERVICE_LEVELS)
    return (price(region, _CAPACITY_METER[service_level])["price_usd"], *(price(region, m)["price_usd"]
                                                                           for m in _COOL_METERS))


def cool_access_cost_by_month(data_tib, cool_share, read_back_share, random_share, coolness_period_days=None,
                              service_level="Standard", region="eastus", months=12, growth_tib_per_month=0.0,
                              pool_tib=None, data_already_cool=False, retrieval_policy="Default",
                              tiering_delay_days=None, prices=None, days_per_month=None, steps_per_month=60):
    """Month by month cost of a volume with cool access from the day it is turned on, against keeping it hot.

    Parameters
    ----------
    data_tib : float
        Data on the volume when cool access is turned on, greater than 0. [TiB]
    cool_share, read_back_share, random_share, coolness_period_days, service_level, region, retrieval_policy
        As in :func:`cool_access_monthly_cost_usd`; ``cool_share`` applies to new data too.
    months : int
        Months to cost, 1 to 120. [-]
    growth_tib_per_month : float
        Data added each month, at least 0. [TiB per month]
    pool_tib : float, optional
        Capacity pool, billed whole; default: the whole TiB that hold the data at the end. [TiB]
    data_already_cool : bool
        True when the data has not been read for the coolness period already (cool access turned on for an
        existing volume): it starts moving at once. False for data just written (a migration): it waits the
        coolness period first.
    tiering_delay_days : float, optional
        Wait before cool data starts moving; default the page's longest, 48 hours. [days]
    prices : tuple, optional
        ``(hot USD per GiB-hour, cool USD per GiB-hour, transfer USD per GiB)`` instead of the region's.
    days_per_month : float, optional
        Days a month of :data:`~storageperf.concepts.units.HOURS_PER_MONTH` hours is counted as; default
        :data:`~storageperf.concepts.units.DAYS_PER_MONTH` (Microsoft's examples count 30). [days]
    steps_per_month : int
        Time steps of the integration. [-]

    Returns
    -------
    pandas.DataFrame
        One row per month (index ``month``, 1 to ``months``): ``hot``, ``unallocated``, ``cool``, ``transfer``,
        ``total`` (with cool access), ``all_hot`` (the same pool without it), ``saving`` and
        ``cumulative_saving``. [USD]

    Notes
    -----
    Integrated over time, in months of ``days_per_month`` days:

    - data written at time ``s`` (the initial data at 0, or at minus the coolness period when already cool)
      moves to the cool tier at ``s + coolness period + delay`` in the share ``cool_share``; that move is a
      transfer [7]_;
    - reads of the data still in the cool tier, ``cool tier x read_back`` a month, are transfers; the share of
      them the retrieval policy brings back stays hot for a coolness period (a stock of inflow x coolness period,
      Little's law), is read from there free of transfer, and is a transfer again when it moves back down;
    - the pool is billed whole: hot data and the unallocated rest at the hot price, cool data at the cool
      price [7]_. Without cool access the whole pool is billed hot.

    After the first coolness period and with no growth, each month costs what :func:`cool_access_monthly_cost_usd`
    says plus the unallocated capacity.

    Examples
    --------
    100 TiB just written on Standard, 80 % of it cools, 10 % of that read back a month, sequentially: nothing
    cools in the first month (31 days and up to 2 more), the second pays for the move to the cool tier, and from
    the third each month saves the same.

    >>> m = cool_access_cost_by_month(100, 0.8, 0.1, 0.0)
    >>> [round(m.loc[k, "saving"]) for k in (1, 2, 3)], round(m.loc[12, "cumulative_saving"])
    ([0, 4790, 7012], 74913)
    """
    import pandas as pd

    if coolness_period_days is None:
        coolness_period_days = coolness_periods_days()[1]
    d0 = units.convert(float(checks.positive("data_tib", data_tib, "TiB")), "TiB", "GiB")
    c = float(checks.fraction("cool_share", cool_share))
    b = float(checks.fraction("read_back_share", read_back_share))
    h = float(_rehydrated_share(retrieval_policy, checks.fraction("random_share", random_share)))
    period = float(_coolness_days(coolness_period_days))
    if isinstance(months, bool) or not isinstance(months, (int, np.integer)) or not 1 <= months <= 120:
        raise ValueError(f"months must be a whole number from 1 to 120; got {months!r}")
    growth = units.convert(float(checks.in_range("growth_tib_per_month", growth_tib_per_month, 0, np.inf,
                                                  "TiB per month")), "TiB", "GiB")
    if not isinstance(data_already_cool, (bool, np.bool_)):
        raise TypeError(f"data_already_cool must be True or False, got {data_already_cool!r}")
    if tiering_delay_days is None:
        tiering_delay_days = _limit("cool_tiering_start_delay", "days")
    delay = float(checks.in_range("tiering_delay_days", tiering_delay_days, 0, period, "days"))
    hot_price, cool_price, transfer_price = (_cool_access_prices(service_level, region) if prices is None
                                             else tuple(float(checks.positive("prices", p)) for p in prices))
    month = units.DAYS_PER_MONTH if days_per_month is None else float(
        checks.in_range("days_per_month", days_per_month, 28, 31, "days"))
    hours = units.HOURS_PER_MONTH / month
    end_gib = d0 + growth * months
    if pool_tib is None:
        pool_tib = pool_size_tib(units.convert(end_gib, "GiB", "TiB"))
    pool = units.convert(float(checks.in_range("pool_tib", pool_tib, *pool_range_tib(), "TiB")), "TiB", "GiB")
    if pool < end_gib * (1 - 1e-12):
        raise ValueError(f"pool_tib must hold the data at the end, {units.convert(end_gib, 'GiB', 'TiB'):g} TiB; "
                         f"got {pool_tib!r}")

    dt = month / int(steps_per_month)
    edges = np.arange(months * int(steps_per_month) + 1) * dt   # step boundaries [days]
    t = edges[:-1] + dt / 2
    written_at = -period if data_already_cool else 0.0

    def cooled(time):   # GiB that have moved to the cool tier by ``time`` (before rehydration)
        initial = np.where(time >= written_at + period + delay, d0, 0.0)
        grown = growth * np.maximum(time - period - delay, 0.0) / month
        return c * (initial + grown)

    data_gib = d0 + growth * t / month
    cool_target = cooled(t)
    moved_down = np.diff(cooled(edges))                   # GiB moving to the cool tier in each step
    # reads take a share of the data still in the cool tier (cooled, less what reads brought back within the last
    # coolness period); what they bring back is read from the hot tier until it cools again
    total_in = np.zeros(len(edges))                       # GiB brought back to the hot tier by each edge
    reads = np.zeros(len(t))                              # GiB read from the cool tier in each step
    for k in range(len(t) if b > 0 else 0):               # nothing is read back: nothing to step through
        back = total_in[k] - np.interp(edges[k] - period, edges, total_in, left=0.0)
        reads[k] = max(cool_target[k] - back, 0.0) * b / month * dt
        total_in[k + 1] = total_in[k] + reads[k] * h
    in_by = np.interp(edges - period, edges, total_in, left=0.0)   # brought back up to a coolness period ago
    recooled = np.diff(in_by)                             # moving back down in each step
    rehydrated = np.minimum(total_in[1:] - in_by[1:], cool_target)
    cool_tier = cool_target - rehydrated
    step_hours = dt * hours
    frame = pd.DataFrame({
        "month": np.repeat(np.arange(1, months + 1), int(steps_per_month)),
        "hot": (data_gib - cool_tier) * hot_price * step_hours,
        "unallocated": (pool - data_gib) * hot_price * step_hours,
        "cool": cool_tier * cool_price * step_hours,
        "transfer": (moved_down + reads + recooled) * transfer_price,
        "all_hot": np.full(t.shape, pool * hot_price * step_hours),
    }).groupby("month").sum()
    frame.insert(4, "total", frame[["hot", "unallocated", "cool", "transfer"]].sum(axis=1))
    frame["saving"] = frame["all_hot"] - frame["total"]
    frame["cumulative_saving"] = frame["saving"].cumsum()
    return frame


def cool_access_payback_month(by_month):
    """First month at whose end cool access has saved more than it cost, or None within the months given.

    Parameters
    ----------
    by_month : pandas.DataFrame
        A frame from :func:`cool_access_cost_by_month`.

    Examples
    --------
    >>> cool_access_payback_month(cool_access_cost_by_month(100, 0.8, 0.1, 0.0))
    2
    """
    ahead = by_month.index[by_month["cumulative_saving"] > 0]
    return int(ahead[0]) if len(ahead) else None


def cool_access_monthly_saving_usd(data_tib, cool_share, read_back_share, random_share, coolness_period_days=None,
                                   service_level="Standard", region="eastus", retrieval_policy="Default"):
    """What cool access saves a month against keeping all the data hot (negative: it costs more).

    Parameters are those of :func:`cool_access_monthly_cost_usd`.

    Returns
    -------
    float or numpy.ndarray
        ``cost without cool access - cost with cool access``. [USD]

    Examples
    --------
    >>> round(cool_access_monthly_saving_usd(100, 0.8, 0.1, 0.0))
    7012
    """
    with_cool = cool_access_monthly_cost_usd(data_tib, cool_share, read_back_share, random_share, coolness_period_days,
                                             service_level, region, retrieval_policy)["total"]
    all_hot = cool_access_monthly_cost_usd(data_tib, 0.0, 0.0, 0.0, coolness_period_days, service_level,
                                           region)["total"]
    return checks.scalar_or_array(np.asarray(all_hot) - with_cool)


def pool_size_tib(capacity_tib):
    """The capacity pool that holds a capacity: rounded up to the pool's size step, at least the smallest pool.

    Parameters
    ----------
    capacity_tib : float or array-like
        Capacity the pool must hold, greater than 0. [TiB]

    Returns
    -------
    float or numpy.ndarray
        Pool size, in whole steps of 1 TiB [TiB]; it may exceed the largest pool, which callers check.

    Examples
    --------
    The quota 1,562.5 MiB/s needs at Ultra, 12.2 TiB, is billed as a 13 TiB pool:

    >>> pool_size_tib(1562.5 / 128)
    13.0
    """
    cap = checks.positive("capacity_tib", capacity_tib, "TiB")
    step = _limit("capacity_pool_increment", "TiB")
    # The tolerance keeps a capacity that is exactly n steps from rounding up to n + 1 on float noise.
    return checks.scalar_or_array(np.maximum(np.ceil(cap / step - 1e-9) * step, pool_range_tib()[0]))


def quota_with_snapshots_tib(data_tib, daily_change_share, retained_days):
    """Quota that holds the data and the snapshots kept of it.

    Parameters
    ----------
    data_tib : float or array-like
        Data in the active file system, greater than 0. [TiB]
    daily_change_share : float or array-like
        Share of the data whose blocks change each day, 0 to 1; Microsoft gives 1 to 5 % a day for many
        application volumes [9]_. [-]
    retained_days : float or array-like
        Days of daily snapshots kept, 0 to the most snapshots a volume keeps. [days]

    Returns
    -------
    float or numpy.ndarray
        ``data x (1 + daily change x retained days)``. [TiB]

    Notes
    -----
    Snapshots keep the blocks the active data has changed since they were taken, inside the volume [9]_, so they
    take the volume's quota. Counting each day's change as new blocks is an upper bound: blocks changed twice
    within the retention are kept once per snapshot that holds them, no more.

    Examples
    --------
    10 TiB changing 5 % a day, two weeks of daily snapshots: 17 TiB of quota.

    >>> round(quota_with_snapshots_tib(10, 0.05, 14), 6)
    17.0
    """
    data_tib = checks.positive("data_tib", data_tib, "TiB")
    change = checks.fraction("daily_change_share", daily_change_share)
    days = checks.in_range("retained_days", retained_days, 0, _limit("snapshots_per_volume_max", "snapshots"), "days",
                            "(one snapshot a day, at most the snapshots a volume keeps)")
    return checks.scalar_or_array(data_tib * (1 + change * days))


def manual_qos_pool_tib(capacities_tib, throughputs_mibps, service_level):
    """Smallest pool for several volumes with manual QoS, beside the pool the same volumes need with automatic QoS.

    Parameters
    ----------
    capacities_tib : sequence of float
        Each volume's quota it must have for its data, greater than 0. [TiB]
    throughputs_mibps : sequence of float
        Each volume's throughput, greater than 0, in the same order. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra"}

    Returns
    -------
    dict
        ``manual`` and ``auto``: the pool in whole TiB [TiB].

    Notes
    -----
    With manual QoS a pool's throughput, ``pool x rate``, is shared out to its volumes as the reader assigns it, and
    each volume's quota only has to hold its data [1]_: ``pool = max(sum of capacities, sum of throughputs / rate)``.
    With automatic QoS each volume gets ``quota x rate``, so each quota is ``max(capacity, throughput / rate)`` and
    the pool their sum. Manual QoS saves where some volumes need throughput and others capacity, the usual EDA
    layout (small, busy tool volumes beside large, quieter project ones).

    Examples
    --------
    A 2 TiB volume that must move 1,000 MiB/s beside a 40 TiB one that moves 500, at Premium:

    >>> manual_qos_pool_tib([2, 40], [1000, 500], "Premium")
    {'manual': 42.0, 'auto': 56.0}
    """
    caps = np.atleast_1d(checks.positive("capacities_tib", capacities_tib, "TiB")).astype(float)
    tps = np.atleast_1d(checks.positive("throughputs_mibps", throughputs_mibps, "MiB/s")).astype(float)
    if caps.shape != tps.shape or caps.ndim != 1:
        raise ValueError(f"capacities_tib and throughputs_mibps must be lists of the same length; got {len(caps)} "
                         f"and {len(tps)}")
    rate = throughput_per_tib_mibps(service_level)
    manual = max(caps.sum(), tps.sum() / rate)
    auto = np.maximum(caps, tps / rate).sum()
    return {"manual": float(pool_size_tib(manual)), "auto": float(pool_size_tib(auto))}


def flexible_volume(capacity_tib, throughput_mibps, volume_type="regular", read_share=1.0, io_kib=64):
    """A Flexible volume, in a pool of its own, that holds the data and is given the throughput.

    Parameters
    ----------
    capacity_tib : float or array-like
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput it must have, greater than 0. [MiB/s]
    volume_type : {"regular", "large", "breakthrough"}
    read_share, io_kib
        As in :func:`volume_throughput_mibps`: the need must be within the mix curve's ceiling too.

    Returns
    -------
    dict
        ``quota_tib`` [TiB]: the data, at least the smallest quota; ``pool_tib`` [TiB]: whole TiB, large enough
        for the quota and for the throughput at the pool's most per TiB; ``throughput_mibps`` [MiB/s]: what the
        pool is given, at least its included baseline; ``binding``: ``"capacity"`` or ``"throughput"``, whichever
        sets the pool; ``feasible``: the need is within the volume type's ceiling and the quota and pool within
        their ranges.

    Notes
    -----
    With the Flexible service level (manual QoS) a volume's throughput is assigned, not derived from its quota; the
    pool's throughput is its included baseline plus what is bought, at most 640 MiB/s per TiB of pool
    (``data/platforms/azure_netapp_files_limits.csv``).

    Examples
    --------
    10 TiB that must move 1,562.5 MiB/s: the data sets the pool (10 TiB allow 6,400 MiB/s).

    >>> v = flexible_volume(10, 1562.5)
    >>> v["pool_tib"], v["throughput_mibps"], v["binding"], v["feasible"]
    (10.0, 1562.5, 'capacity', True)
    """
    cap = checks.positive("capacity_tib", capacity_tib, "TiB")
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    ceiling = _effective_ceiling("Flexible", volume_type, read_share, io_kib)[2]
    low_q, high_q = quota_range_tib(volume_type)
    quota = np.maximum(cap, low_q)
    assigned = np.maximum(need, _limit("flexible_pool_baseline_throughput", "MiB/s"))
    for_throughput = assigned / _limit("flexible_max_throughput_per_tib", "MiB/s per TiB")
    pool = flexible_pool_tib(quota, assigned)
    feasible = ((need <= ceiling) & (quota <= high_q)
                & (pool <= pool_range_tib()[1]))
    binding = np.where(quota >= for_throughput, "capacity", "throughput")
    scalar = np.ndim(pool) == 0
    return {"quota_tib": checks.scalar_or_array(quota), "pool_tib": checks.scalar_or_array(pool),
            "throughput_mibps": checks.scalar_or_array(assigned),
            "binding": str(binding) if scalar else binding, "feasible": bool(feasible) if scalar else feasible}


def pool_plan(capacity_tib, throughput_mibps, service_level, volume_type="regular", volumes=1, region="eastus",
              read_share=1.0, io_kib=64):
    """Volumes of one type and level in one capacity pool, sharing the data and the throughput, and the pool's cost.

    Parameters
    ----------
    capacity_tib : float or array-like
        Data the volumes hold together, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput they carry together, greater than 0. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    volume_type : {"regular", "large", "breakthrough"}
    volumes : int
        How many volumes share the data and the throughput equally, at least 1. [-]
    region : str
        Azure region of the prices, see :func:`regions`.
    read_share, io_kib
        As in :func:`volume_throughput_mibps`: each volume's need must be within the mix curve's ceiling too.

    Returns
    -------
    dict
        ``volumes``; ``quota_tib`` (each volume's) [TiB]; ``throughput_mibps`` (what the volumes get together)
        [MiB/s]; ``pool_tib`` [TiB]; ``usd`` (the pool's month; NaN where infeasible) [USD]; ``binding``
        (``"capacity"`` or ``"throughput"``, whichever sets the pool); ``feasible``.

    Notes
    -----
    Standard, Premium and Ultra: each volume is :func:`size_volume` for its share, the pool the whole TiB that hold
    their quotas (:func:`pool_size_tib`), priced as :func:`monthly_pool_cost_usd`. Flexible: each volume's quota
    holds its share of the data, and the pool is given the throughput, at least its included baseline (once per
    pool), within its per-TiB most (:func:`flexible_pool_tib`). Feasible when each volume's need is within its
    ceiling and the mix curve's, each quota within the volume type's range and the pool within the largest pool.
    Every option list of the guide sizes its Azure NetApp Files volumes here.

    Examples
    --------
    The HPC/EDA module's knowledge check, 50 TiB at 3,000 MiB/s: one Premium regular volume, or two Standard ones.

    >>> p = pool_plan(50, 3000, "Premium")
    >>> p["pool_tib"], p["throughput_mibps"], p["binding"], round(p["usd"])
    (50.0, 3200.0, 'capacity', 15063)
    >>> two = pool_plan(50, 3000, "Standard", volumes=2)
    >>> two["quota_tib"], two["pool_tib"], two["feasible"]
    (93.75, 188.0, True)
    """
    n = volumes
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"volumes must be a whole number of volumes, at least 1; got {volumes!r}")
    cap = checks.positive("capacity_tib", capacity_tib, "TiB")
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s")
    high = pool_range_tib()[1]
    if service_level == "Flexible":
        ceiling = _effective_ceiling(service_level, volume_type, read_share, io_kib)[2]
        low_q, high_q = quota_range_tib(volume_type)
        quota = np.maximum(cap / n, low_q)
        assigned = np.maximum(need, _limit("flexible_pool_baseline_throughput", "MiB/s"))
        pool = flexible_pool_tib(n * quota, assigned)
        feasible = (need / n <= ceiling) & (quota <= high_q) & (pool <= high)
        per_tib = _limit("flexible_max_throughput_per_tib", "MiB/s per TiB")
        binding = np.where(n * quota >= assigned / per_tib, "capacity", "throughput")
        billed = np.minimum(pool, high)
        usd = monthly_pool_cost_usd(billed, service_level, np.minimum(assigned, billed * per_tib), region)
        granted = assigned
    else:
        size = size_volume(cap / n, need / n, service_level, volume_type, read_share, io_kib)
        quota, binding = size["quota_tib"], size["binding"]
        pool = pool_size_tib(n * np.asarray(quota))
        feasible = np.asarray(size["feasible"]) & (pool <= high)
        usd = monthly_pool_cost_usd(np.minimum(pool, high), service_level, region=region)
        granted = n * np.asarray(size["throughput_mibps"])
    scalar = np.ndim(pool) == 0
    return {"volumes": n, "quota_tib": checks.scalar_or_array(np.asarray(quota, dtype=float)),
            "throughput_mibps": checks.scalar_or_array(np.asarray(granted, dtype=float)),
            "pool_tib": checks.scalar_or_array(np.asarray(pool, dtype=float)),
            "usd": checks.scalar_or_array(np.where(feasible, usd, np.nan)),
            "binding": str(binding) if scalar else np.asarray(binding),
            "feasible": bool(feasible) if scalar else np.asarray(feasible)}


def sizing_options(capacity_tib, throughput_mibps, region="eastus", read_share=1.0, io_kib=64):
    """For each service level: the regular volume that holds the data and has the throughput, and its cost.

    Parameters
    ----------
    capacity_tib : float
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float or array-like
        Throughput it must have, greater than 0. [MiB/s]
    region : str
        Azure region, see :func:`regions`.
    read_share, io_kib
        As in :func:`volume_throughput_mibps`.

    Returns
    -------
    dict
        ``{service level: size}`` for :data:`ALL_SERVICE_LEVELS`: the keys of :func:`size_volume` (automatic QoS)
        or :func:`flexible_volume`, ``pool_tib`` [TiB] and ``usd``: the month's cost of the pool (capacity, and
        for Flexible the throughput above its baseline) [USD], NaN where one regular volume cannot do it.

    Notes
    -----
    One volume in a pool of its own, in whole TiB (:func:`pool_size_tib`), priced as
    :func:`monthly_capacity_cost_usd` and :func:`monthly_flexible_throughput_cost_usd`. No headroom and no snapshot
    reserve: the quota is the data.

    Examples
    --------
    The HPC/EDA module's knowledge check, 50 TiB and 3,000 MiB/s in East US (prices of 2026-01-29):

    >>> o = sizing_options(50, 3000)
    >>> {level: (o[level]["feasible"], round(o[level]["usd"], -1)) for level in ALL_SERVICE_LEVELS}
    {'Standard': (False, nan), 'Premium': (True, 15060.0), 'Ultra': (True, 20110.0), 'Flexible': (True, 12110.0)}
    """
    high = pool_range_tib()[1]
    out = {}
    for level in ALL_SERVICE_LEVELS:
        plan = pool_plan(capacity_tib, throughput_mibps, level, region=region, read_share=read_share, io_kib=io_kib)
        out[level] = {**{k: plan[k] for k in ("quota_tib", "throughput_mibps", "binding", "feasible", "usd")},
                      "pool_tib": checks.scalar_or_array(np.minimum(plan["pool_tib"], high))}
    return out


def volume_type_options(capacity_tib, throughput_mibps, region="eastus"):
    """Every volume type and service level that can hold the data and carry the throughput in one volume, priced.

    Parameters
    ----------
    capacity_tib : float
        Data the volume must hold, greater than 0. [TiB]
    throughput_mibps : float
        Throughput it must have, greater than 0. [MiB/s]
    region : str
        Azure region, see :func:`regions`.

    Returns
    -------
    pandas.DataFrame
        One row per volume type (regular, large, breakthrough) and service level it supports
        (:func:`supported_service_levels`): ``volume_type``, ``service_level``, ``status`` (:func:`volume_status`),
        ``quota_tib`` [TiB], ``pool_tib`` [TiB], ``throughput_mibps`` (what the volume gets) [MiB/s], ``binding``,
        ``feasible`` and ``usd`` (the pool's month, NaN where infeasible) [USD]; cheapest feasible first, and at
        equal cost generally available before preview.

    Notes
    -----
    Automatic QoS volumes are sized by :func:`size_volume`, Flexible ones by :func:`flexible_volume`, each in a pool
    of its own in whole TiB, priced at the service level's capacity price (and Flexible's throughput above its
    baseline): the price list has no separate meter for large volumes, so a Flexible large volume and a Flexible
    volume in breakthrough mode that need the same pool cost the same; the generally available one ranks first.
    Breakthrough mode is in preview and its ceiling is a most ("up to 50 GiB/s"). Extra-large volumes need cool
    access and are not sized here.

    Examples
    --------
    500 TiB that must move 20,000 MiB/s: only breakthrough mode carries it.

    >>> o = volume_type_options(500, 20000)
    >>> sorted(set(o.loc[o["feasible"], "volume_type"]))
    ['breakthrough']

    200 TiB at 10,000 MiB/s: a generally available Flexible large volume costs what breakthrough mode costs.

    >>> o = volume_type_options(200, 10000)
    >>> o.loc[0, ["service_level", "volume_type", "status"]].tolist()
    ['Flexible', 'large', 'generally available']
    """
    import pandas as pd

    cap = float(checks.positive("capacity_tib", capacity_tib, "TiB"))
    need = float(checks.positive("throughput_mibps", throughput_mibps, "MiB/s"))
    rows = []
    for volume_type in ("regular", "large", "breakthrough"):
        for level in supported_service_levels(volume_type):
            plan = pool_plan(cap, need, level, volume_type, region=region)
            rows.append({"volume_type": volume_type, "service_level": level,
                         "status": volume_status(volume_type, level), "quota_tib": plan["quota_tib"],
                         "pool_tib": plan["pool_tib"], "throughput_mibps": plan["throughput_mibps"],
                         "binding": plan["binding"], "feasible": plan["feasible"], "usd": plan["usd"]})
    frame = pd.DataFrame(rows)
    frame["_preview"] = frame["status"] == "preview"
    return (frame.sort_values(["feasible", "usd", "_preview"], ascending=[False, True, True], na_position="last",
                              kind="stable").drop(columns="_preview").reset_index(drop=True))


def cheapest_service_level(capacity_tib, throughput_mibps, region="eastus", read_share=1.0, io_kib=64):
    """The service level whose regular volume costs least for a need, or None if no level's volume can carry it.

    Parameters are those of :func:`sizing_options` (a scalar need).

    Returns
    -------
    tuple
        ``(service level or None, cost [USD per month] or NaN)``.

    Examples
    --------
    >>> level, usd = cheapest_service_level(50, 3000)
    >>> level, round(usd)
    ('Flexible', 12105)

    Half of it writes: no regular volume carries 3,000 MiB/s of 64 KiB I/O at 50 % reads.

    >>> cheapest_service_level(50, 3000, read_share=0.5)
    (None, nan)
    """
    sizes = sizing_options(capacity_tib, throughput_mibps, region, read_share=read_share, io_kib=io_kib)
    options = {level: float(o["usd"]) for level, o in sizes.items() if o["feasible"]}
    if not options:
        return None, float("nan")
    best = min(options, key=options.get)
    return best, options[best]


def cool_access_quota_tib(data_tib, cool_tib, throughput_mibps, service_level, rule, volume_type="regular"):
    """Smallest quota that holds the data and, with cool access on, grants a throughput by one rule.

    Parameters
    ----------
    data_tib : float
        Data the volume must hold, greater than 0. [TiB]
    cool_tib : float
        Of it, the data in the cool tier, 0 to ``data_tib``. [TiB]
    throughput_mibps : float
        Throughput the volume must grant, greater than 0. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra"}
    rule : {"2024", "2025", "2026"}
        See :data:`COOL_ACCESS_RULES` and :func:`cool_access_rule`.
    volume_type : {"regular", "large"}

    Returns
    -------
    float
        The quota [TiB]; NaN when no quota of the volume type grants the throughput.

    Notes
    -----
    The inverse of :func:`cool_access_volume_throughput_mibps`: by the 2025 rule ``throughput / reduced rate``; by
    the 2026 rule the quota above the cool data is hot, so ``cool + (throughput - cool x 16) / rate`` once more than
    the threshold is cool; never less than the data or the smallest quota.

    Examples
    --------
    50 TiB at Premium, 40 TiB of it cool, that must move 3,000 MiB/s: 50 TiB of quota without cool access,
    83.3 TiB by the 2025 rule, 76.9 TiB by the 2026 rule.

    >>> [round(float(cool_access_quota_tib(50, 40, 3000, "Premium", r)), 1) for r in COOL_ACCESS_RULES]
    [50.0, 83.3, 76.9]
    """
    checks.choice("rule", rule, COOL_ACCESS_RULES)
    checks.choice("service_level", service_level, SERVICE_LEVELS)
    low, high = quota_range_tib(volume_type)
    data_tib = float(checks.in_range("data_tib", data_tib, 0, high, "TiB", f"for a {volume_type} volume",
                                      low_open=True))
    cool = float(checks.in_range("cool_tib", cool_tib, 0, data_tib, "TiB", "(at most data_tib)"))
    need = float(checks.positive("throughput_mibps", throughput_mibps, "MiB/s"))
    rate = throughput_per_tib_mibps(service_level)
    if rule == "2024":
        by_throughput = need / rate
    elif rule == "2025":
        by_throughput = need / throughput_per_tib_mibps(service_level, cool_access=True)
    elif cool > _limit("cool_tier_throughput_threshold", "TiB"):
        cool_rate = _limit("throughput_per_tib_cool_tier", "MiB/s per TiB")
        by_throughput = cool + max(need - cool * cool_rate, 0.0) / rate
    else:
        by_throughput = need / rate
    quota = max(data_tib, by_throughput, low)
    if quota > high * (1 + 1e-12) or need > volume_ceiling_mibps(service_level, volume_type) * (1 + 1e-12):
        return float("nan")
    return quota


def cool_access_service_levels():
    """The service levels cool access is available with: all four, Flexible included.

    Examples
    --------
    >>> cool_access_service_levels()
    ('Standard', 'Premium', 'Ultra', 'Flexible')
    """
    n = int(_limit("cool_access_service_levels", "service levels"))
    return ALL_SERVICE_LEVELS[:n]


def cool_access_sizing(data_tib, cool_share, throughput_mibps, service_level, region="eastus", rule=None,
                       read_back_share=0.0, random_share=0.0, coolness_period_days=None, retrieval_policy="Default"):
    """The pool one volume needs with cool access and without it, for its data and its throughput, and their cost.

    Parameters
    ----------
    data_tib : float
        Data the volume holds, greater than 0. [TiB]
    cool_share : float
        Share of the data in the cool tier, 0 to 1. [-]
    throughput_mibps : float
        Throughput the workload needs, greater than 0. [MiB/s]
    service_level : {"Standard", "Premium", "Ultra", "Flexible"}
    region : str
        Azure region, see :func:`regions`; it sets the prices and, for Premium and Ultra, the rule.
    rule : {"2024", "2025", "2026"}, optional
        Default: :func:`cool_access_rule` of the region (a new pool).
    read_back_share, random_share, coolness_period_days, retrieval_policy
        As in :func:`cool_access_monthly_cost_usd`.

    Returns
    -------
    dict
        ``rule``; ``quota_tib``, ``pool_tib`` and ``usd`` without cool access; ``quota_tib_cool``,
        ``pool_tib_cool`` and ``usd_cool`` with it [TiB, USD a month]; ``saving`` (``usd - usd_cool``) [USD] and
        ``saving_share`` [-]. Costs are NaN where one regular volume cannot do it.

    Notes
    -----
    Without cool access the pool is :func:`sizing_options`'s. With it, the quota is :func:`cool_access_quota_tib`
    in whole TiB of pool, billed as :func:`cool_access_monthly_cost_usd` for the data plus the rest of the pool at
    the hot price [7]_. Flexible throughput is bought apart from capacity (manual QoS) and no page gives it a
    cool-access rule: the guide keeps the throughput it is given and the pool it needs for it.

    Examples
    --------
    50 TiB at Premium, 80 % cool, in East US (the 2025 rule), needing 3,000 MiB/s: cool access needs an 84 TiB
    pool and costs more than the 50 TiB pool without it.

    >>> s = cool_access_sizing(50, 0.8, 3000, "Premium")
    >>> s["rule"], s["pool_tib"], s["pool_tib_cool"], round(s["saving_share"], 3)
    ('2025', 50.0, 84.0, -0.043)
    """
    checks.choice("service_level", service_level, cool_access_service_levels())
    cap = float(checks.positive("data_tib", data_tib, "TiB"))
    c = float(checks.fraction("cool_share", cool_share))
    need = float(checks.positive("throughput_mibps", throughput_mibps, "MiB/s"))
    if rule is None:
        rule = cool_access_rule(region) if service_level in ("Premium", "Ultra") else "2025"
    checks.choice("rule", rule, COOL_ACCESS_RULES)
    high = pool_range_tib()[1]
    option = sizing_options(cap, need, region)[service_level]
    out = {"rule": rule, "quota_tib": float(option["quota_tib"]), "pool_tib": float(option["pool_tib"]),
           "usd": float(option["usd"])}
    if service_level == "Flexible":
        flex = flexible_volume(cap, need)
        quota, pool, assigned = float(flex["quota_tib"]), float(flex["pool_tib"]), float(flex["throughput_mibps"])
        ok = bool(flex["feasible"])
    else:
        quota = float(cool_access_quota_tib(cap, cap * c, need, service_level, rule))
        ok = bool(np.isfinite(quota))
        pool = float(pool_size_tib(quota)) if ok else float("nan")
        ok = ok and pool <= high
        assigned = None
    usd_cool = float("nan")
    if ok:
        parts = cool_access_monthly_cost_usd(cap, c, read_back_share, random_share, coolness_period_days,
                                             service_level, region, retrieval_policy)
        usd_cool = float(parts["total"]) + float(monthly_capacity_cost_usd(pool, service_level, region)) * (
            1 - cap / pool)
        if assigned is not None:
            usd_cool += float(monthly_flexible_throughput_cost_usd(assigned, pool, region))
    out.update({"quota_tib_cool": quota, "pool_tib_cool": pool, "usd_cool": usd_cool,
                "saving": out["usd"] - usd_cool, "saving_share": (out["usd"] - usd_cool) / out["usd"]})
    return out


def cool_access_sizing_options(data_tib, cool_share, throughput_mibps, region="eastus", rule=None,
                               read_back_share=0.0, random_share=0.0, coolness_period_days=None,
                               retrieval_policy="Default"):
    """Every service level with and without cool access for one need, cheapest first, against the cheapest pool
    without cool access.

    Parameters are those of :func:`cool_access_sizing`, without ``service_level``.

    Returns
    -------
    pandas.DataFrame
        One row per service level (Flexible included) and ``cool_access`` (False, True): ``service_level``,
        ``cool_access``, ``rule`` (blank without cool access), ``quota_tib``, ``pool_tib`` [TiB], ``usd`` [USD a
        month] and ``saving_share``: what it saves against the cheapest feasible row without cool access
        (negative: it costs more) [-]. Infeasible rows last, with NaN costs.

    Examples
    --------
    50 TiB, 80 % cool, 3,000 MiB/s in East US: Ultra with cool access is cheapest (50 TiB at its reduced rate still
    grant 3,400 MiB/s, and its hot share is small); Premium with cool access costs more than Flexible without it.

    >>> o = cool_access_sizing_options(50, 0.8, 3000)
    >>> [(r.service_level, bool(r.cool_access)) for r in o.head(3).itertuples()]
    [('Ultra', True), ('Flexible', True), ('Flexible', False)]
    """
    import pandas as pd

    rows = []
    for level in cool_access_service_levels():
        s = cool_access_sizing(data_tib, cool_share, throughput_mibps, level, region, rule, read_back_share,
                               random_share, coolness_period_days, retrieval_policy)
        rows.append({"service_level": level, "cool_access": False, "rule": "", "quota_tib": s["quota_tib"],
                     "pool_tib": s["pool_tib"], "usd": s["usd"]})
        rows.append({"service_level": level, "cool_access": True,
                     "rule": "" if level == "Flexible" else s["rule"], "quota_tib": s["quota_tib_cool"],
                     "pool_tib": s["pool_tib_cool"], "usd": s["usd_cool"]})
    frame = pd.DataFrame(rows)
    frame["feasible"] = np.isfinite(frame["usd"])
    best_hot = frame.loc[~frame["cool_access"] & frame["feasible"], "usd"].min()
    frame["saving_share"] = (best_hot - frame["usd"]) / best_hot
    return frame.sort_values(["feasible", "usd"], ascending=[False, True], na_position="last").reset_index(drop=True)


def _mean_reads_per_month(monthly_read_share):
    """Mean reads per block a month, ``mu``, of the access profile whose share of data read in a month is ``m``:
    ``m = mu x (1 - exp(-1 / mu))``, solved by bisection on log(mu)."""
    m = np.asarray(monthly_read_share, dtype=float)
    lo, hi = np.full(m.shape, -30.0), np.full(m.shape, 30.0)
    for _ in range(80):
        mid = (lo + hi) / 2
        mu = np.exp(mid)
        low = mu * -np.expm1(-1 / mu) < m
        lo, hi = np.where(low, mid, lo), np.where(low, hi, mid)
    mu = np.exp((lo + hi) / 2)
    return np.where(m <= 0, 0.0, np.where(m >= 1, np.inf, mu))


def cool_access_profile(monthly_read_share, coolness_period_days=None, random_share=0.0, retrieval_policy="Default"):
    """The cool share and the reads of cool data that follow from how often the data is read.

    Parameters
    ----------
    monthly_read_share : float or array-like
        Share of the data read at least once in a month, 0 to 1. [-]
    coolness_period_days : float, optional
        Days before unread data moves to the cool tier, 2 to 183; default 31. [days]
    random_share : float
        Share of the reads that are random, 0 to 1; with the Default retrieval policy they bring blocks back to the
        hot tier [8]_. [-]
    retrieval_policy : {"Default", "OnRead", "Never"}

    Returns
    -------
    dict
        ``cool_share``: share of the data in the cool tier; ``cool_read_share``: data read from the cool tier a
        month, as a share of the data; ``recool_share``: data brought back that moves down again a month; and
        ``mean_reads``: reads per block a month, on average. [-]

    Notes
    -----
    Each block is read at a steady interval of its own; the blocks' read rates ``lambda`` (reads a month) follow an
    exponential distribution of mean ``mu``, the simplest spread from never-read archives to a busy working set,
    set by the share read in a month: ``m = E[min(1, lambda)] = mu (1 - exp(-1/mu))``. With the coolness period
    ``p`` in months and ``h`` the share of reads that bring a block back (:data:`RETRIEVAL_POLICIES`):

    - a block read more often than every ``p`` never cools and is never billed a transfer;
    - a block read less often cools ``p`` after each read it was brought back by, so every read of it comes from
      the cool tier; of its time, ``lambda x p x h`` is hot (the reads that bring it back, each followed by ``p``);
    - so, over the blocks with ``lambda < 1/p``: cool share ``= P(lambda < 1/p) - h p E[lambda; lambda < 1/p]``,
      reads of cool data ``E[lambda; lambda < 1/p]``, and the data brought back moves down again at ``h`` times
      that.

    At ``m = 1`` every block is read more often than any coolness period: nothing is cool and nothing is
    transferred. A short coolness period cools more, and bills a transfer for every read of the data it cooled:
    where that data is read often, a longer period costs less (:func:`cool_access_best_coolness_period_days`).

    Examples
    --------
    A fifth of the data read each month, the default 31 days, every read sequential:

    >>> p = cool_access_profile(0.2)
    >>> round(float(p["cool_share"]), 3), round(float(p["cool_read_share"]), 3)
    (0.992, 0.192)
    >>> cool_access_profile(1.0)["cool_share"], cool_access_profile(1.0)["cool_read_share"]
    (0.0, 0.0)
    """
    if coolness_period_days is None:
        coolness_period_days = coolness_periods_days()[1]
    m = checks.fraction("monthly_read_share", monthly_read_share)
    h = float(_rehydrated_share(retrieval_policy, float(checks.fraction("random_share", random_share))))
    p = float(_coolness_days(coolness_period_days)) / units.DAYS_PER_MONTH
    mu = _mean_reads_per_month(m)
    a = 1 / p
    with np.errstate(divide="ignore", invalid="ignore"):
        x = np.where(mu > 0, a / np.where(mu > 0, mu, 1.0), np.inf)
        below = -np.expm1(-x)                                        # P(lambda < a)
        reads = np.where(np.isfinite(x) & (x > 0), a * (below / x - np.exp(-x)), 0.0)   # E[lambda; lambda < a]
    below = np.where(np.isinf(mu), 0.0, below)
    reads = np.where(np.isinf(mu), 0.0, np.maximum(reads, 0.0))
    cool = np.clip(below - h * p * reads, 0.0, 1.0)
    return {"cool_share": checks.scalar_or_array(cool), "cool_read_share": checks.scalar_or_array(reads),
            "recool_share": checks.scalar_or_array(h * reads), "mean_reads": checks.scalar_or_array(mu)}


def cool_access_profile_cost_usd(data_tib, monthly_read_share, random_share=0.0, coolness_period_days=None,
                                 service_level="Standard", region="eastus", retrieval_policy="Default"):
    """Monthly cost of a data set with cool access, by component, from its access profile.

    Parameters
    ----------
    data_tib : float
        Data stored, between the smallest and largest capacity pool. [TiB]
    monthly_read_share, random_share, coolness_period_days, retrieval_policy
        As in :func:`cool_access_profile`.
    service_level, region
        As in :func:`cool_access_monthly_cost_usd`.

    Returns
    -------
    dict
        ``hot``, ``cool``, ``transfer``, ``total`` and ``all_hot`` (the same data without cool access), USD a
        month, and ``cool_share`` [-].

    Notes
    -----
    Hot GiB ``= data x (1 - cool share)``, cool GiB ``= data x cool share``; transfer GiB ``= data x (cool reads +
    data moving back down)`` (:func:`cool_access_profile`): retrieval is billed only for reads of data still in the
    cool tier [7]_.

    Examples
    --------
    >>> c = cool_access_profile_cost_usd(100, 1.0, 1.0, 2, "Premium")
    >>> c["transfer"], round(c["total"]) == round(c["all_hot"])
    (0.0, True)
    """
    data_tib = checks.in_range("data_tib", data_tib, *pool_range_tib(), "TiB")
    prof = cool_access_profile(monthly_read_share, coolness_period_days, random_share, retrieval_policy)
    hot_price, cool_price, transfer_price = _cool_access_prices(service_level, region)
    gib = units.convert(data_tib, "TiB", "GiB")
    c = np.asarray(prof["cool_share"])
    parts = {"hot": gib * (1 - c) * hot_price * units.HOURS_PER_MONTH,
             "cool": gib * c * cool_price * units.HOURS_PER_MONTH,
             "transfer": gib * (np.asarray(prof["cool_read_share"]) + np.asarray(prof["recool_share"]))
             * transfer_price}
    parts["total"] = parts["hot"] + parts["cool"] + parts["transfer"]
    parts["all_hot"] = gib * hot_price * units.HOURS_PER_MONTH + 0 * c
    parts["cool_share"] = c
    return {k: checks.scalar_or_array(v) for k, v in parts.items()}


def cool_access_profile_saving_usd(data_tib, monthly_read_share, random_share=0.0, coolness_period_days=None,
                                   service_level="Standard", region="eastus", retrieval_policy="Default"):
    """What cool access saves a month for an access profile (negative: it costs more); parameters as
    :func:`cool_access_profile_cost_usd`. [USD]

    Examples
    --------
    >>> round(cool_access_profile_saving_usd(100, 0.0, service_level="Premium"))
    23995
    """
    c = cool_access_profile_cost_usd(data_tib, monthly_read_share, random_share, coolness_period_days, service_level,
                                     region, retrieval_policy)
    return checks.scalar_or_array(np.asarray(c["all_hot"]) - c["total"])


def cool_access_best_coolness_period_days(data_tib, monthly_read_share, random_share=0.0, service_level="Standard",
                                          region="eastus", retrieval_policy="Default"):
    """The coolness period, in whole days, that saves most for an access profile, and that saving.

    Parameters are those of :func:`cool_access_profile_cost_usd`.

    Returns
    -------
    tuple
        ``(days, saving in USD a month)``.

    Examples
    --------
    Premium, every read random: for data of which half is read a month, the shortest period saves most; for data
    read more, a longer one does.

    >>> [cool_access_best_coolness_period_days(100, m, 1.0, "Premium")[0] for m in (0.5, 0.9)]
    [2, 8]
    """
    low, _, high = coolness_periods_days()
    days = np.arange(low, high + 1)
    saving = np.array([float(cool_access_profile_saving_usd(data_tib, monthly_read_share, random_share, d,
                                                            service_level, region, retrieval_policy)) for d in days])
    best = int(np.argmax(saving))
    return int(days[best]), float(saving[best])


def cool_access_break_even_read_share(data_tib, random_share=0.0, coolness_period_days=None, service_level="Standard",
                                      region="eastus", retrieval_policy="Default"):
    """The smallest share of the data read a month at which cool access stops saving, or NaN if it never costs more.

    Parameters are those of :func:`cool_access_profile_cost_usd`.

    Returns
    -------
    float
        Monthly read share, 0 to 1. [-]

    Notes
    -----
    At a read share of 1 nothing is cool and the saving is zero; in between the saving can dip below zero, where the
    transfers of data read just after it cooled outweigh its cheaper capacity. Found on a grid of 1,001 shares and
    refined by bisection.

    Examples
    --------
    >>> round(cool_access_break_even_read_share(100, 1.0, 2, "Standard"), 3)
    0.779
    """
    def saving(m):
        return np.asarray(cool_access_profile_saving_usd(data_tib, m, random_share, coolness_period_days,
                                                         service_level, region, retrieval_policy), dtype=float)

    grid = np.linspace(0, 1, 1001)[:-1]
    s = saving(grid)
    below = np.nonzero(s < -1e-9)[0]
    if len(below) == 0:
        return float("nan")
    lo, hi = float(grid[below[0] - 1]), float(grid[below[0]])
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if float(saving(mid)) > 0 else (lo, mid)
    return (lo + hi) / 2
