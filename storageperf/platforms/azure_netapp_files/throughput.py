"""A volume's throughput: the service level's rate times the quota, under the volume type's ceiling and the
read/write mix curve, and which of them binds; with cool access, by the rule of its pool.

Part of :mod:`storageperf.platforms.azure_netapp_files`, whose docstring lists the references cited as [n]_.
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from ... import checks, data
from ...concepts import bandwidth, bounds
from .limits import (
    COOL_2026_READINGS,
    COOL_ACCESS_RULES,
    VOLUME_TYPES,
    _limit,
    check_quota_tib,
    quota_range_tib,
    throughput_per_tib_mibps,
    volume_ceiling_mibps,
)

_MIX = "azure_netapp_files_mix_curves"


#: I/O sizes of the published read/write curves of a regular volume [10]_: 4 and 8 KiB random, 64 KiB sequential.
MIX_IO_KIB = (4, 8, 64)

#: Access patterns a ceiling is read for (:data:`storageperf.concepts.bounds.ACCESS_PATTERNS`), and the sizes of a
#: regular volume's published curves of each [10]_.
ACCESS_PATTERNS = bounds.ACCESS_PATTERNS
MIX_CURVES_KIB = {"random": (4, 8), "sequential": (64,)}


def access_pattern(access, io_kib):
    """The access pattern a ceiling is read for: the one given, or, where none is, the pattern of the published
    curves at the I/O size (random below the sequential curve's 64 KiB, sequential from it).

    Parameters
    ----------
    access : {"random", "sequential"} or None
    io_kib : float
        Size of each I/O, greater than 0. [KiB]

    Examples
    --------
    >>> access_pattern(None, 8), access_pattern(None, 256), access_pattern("random", 256)
    ('random', 'sequential', 'random')
    """
    if access is None:
        size = checks.positive("io_kib", io_kib, "KiB", one=True)
        return "sequential" if size >= MIX_CURVES_KIB["sequential"][0] else "random"
    return checks.choice("access", access, ACCESS_PATTERNS)


#: How :func:`mix_ceiling` arrived at its answer: on a published curve (between its 10 % steps of reads, linearly);
#: between two curves of the access pattern's I/O sizes; or outside the pattern's measured sizes, or on a volume type
#: with no published curve.
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
    mibps = [data.value(_MIX, i, "MiB/s") if u == "MiB/s"
             else bandwidth.bandwidth_mibps(data.value(_MIX, i, "IOPS"), io_kib)
             for i, u in zip(rows["id"], rows["unit"])]
    return tuple(float(r) for r in rows["read_percent"].to_numpy() / 100), tuple(float(m) for m in mibps)


def mix_ceiling(volume_type="regular", read_share=1.0, io_kib=64, access=None):
    """Most throughput one volume moves at a share of reads, an I/O size and an access pattern, and how far that is
    from a measurement.

    Parameters
    ----------
    volume_type : {"regular", "large", "breakthrough", "extra-large"}
    read_share : float or array-like
        Share of the operations that are reads, 0 (all writes) to 1 (all reads).
    io_kib : float
        Size of each I/O, greater than 0. [KiB]
    access : {"random", "sequential"}, optional
        The access pattern whose curves are read; default :func:`access_pattern`'s, by the I/O size. A mix of the
        two is read as random: its ceiling is never above the sequential one.

    Returns
    -------
    dict
        ``mibps`` [MiB/s]: the ceiling (``inf`` where no curve is published: the volume type's own ceiling is then
        the only one); ``basis``: one of :data:`MIX_BASES`; ``extrapolated``: ``basis == "extrapolated"``, and a
        reader should see it said.

    Notes
    -----
    A regular volume follows Microsoft's advanced calculator [10]_: linear between its 10 % steps of reads. Its
    random curves are 4 and 8 KiB (between them the ceiling is interpolated, linearly in the logarithm of the size:
    ``"interpolated"``); its sequential curve is 64 KiB. A random curve is never blended with the sequential one.
    Outside the pattern's measured sizes (``"extrapolated"``: nothing was measured there) a random ceiling keeps the
    4 KiB curve's operations a second below 4 KiB and the 8 KiB curve's MiB/s above 8 KiB (larger random I/O is
    credited with no more bytes than the largest measured); a sequential ceiling keeps the 64 KiB curve's MiB/s above
    64 KiB, and below it the lower of that and the random curves' operations a second at the size (the volume's
    byte rate and operation rate each a limit of its own). So random is never above sequential. Large,
    breakthrough and extra-large volumes have no published curve: the answer is ``inf`` (their ceiling alone),
    ``"measured"`` only for all-read 64 KiB sequential I/O, which their ceilings describe, and ``"extrapolated"``
    otherwise. Microsoft's benchmark page [11]_ states lower ends than the calculator (``mix_curve(...,
    document="anf-benchmarks-linux")``): source discrepancy anf-mix-01.

    Examples
    --------
    All writes of 64 KiB: 1,733 MiB/s, not the 4,500 of all reads; 70 % reads of 8 KiB: 2,106 MiB/s.

    >>> mix_ceiling("regular", 0.0, 64)
    {'mibps': 1733.0, 'basis': 'measured', 'extrapolated': False}
    >>> mix_ceiling("regular", 0.7, 8)["mibps"], mix_ceiling("regular", 1.0, 256)["basis"]
    (2106.0, 'extrapolated')

    Random 32 KiB I/O at 70 % reads is beyond the random curves: the 8 KiB curve's bytes, not a blend with the
    sequential curve; read as sequential, the 64 KiB curve's.

    >>> mix_ceiling("regular", 0.7, 32, "random")["mibps"], mix_ceiling("regular", 0.7, 32, "sequential")["mibps"]
    (2106.0, 2850.0)
    """
    checks.choice("volume_type", volume_type, VOLUME_TYPES)
    share = checks.fraction("read_share", read_share)
    size = checks.positive("io_kib", io_kib, "KiB", one=True)
    pattern = access_pattern(access, size)
    if volume_type != "regular":
        basis = ("measured" if pattern == "sequential" and size == MIX_IO_KIB[-1] and np.all(share == 1)
                 else "extrapolated")
        return {"mibps": checks.scalar_or_array(np.full(np.shape(share), np.inf)), "basis": basis,
                "extrapolated": basis == "extrapolated"}

    def on_curve(kib):
        return np.interp(share, *_mix_points(kib))

    (low, high), (seq,) = MIX_CURVES_KIB["random"], MIX_CURVES_KIB["sequential"]
    # the random point read at the size: on a curve, between the two (log-linear), or the nearer curve outside
    near = min(max(size, low), high)
    w = np.log(near / low) / np.log(high / low)
    random = (near, on_curve(near) if near in (low, high) else (1 - w) * on_curve(low) + w * on_curve(high))
    mibps = bounds.by_access_pattern(size, pattern, random, (seq, on_curve(seq)))
    basis = ("measured" if size in MIX_CURVES_KIB[pattern]
             else "interpolated" if pattern == "random" and low < size < high else "extrapolated")
    return {"mibps": checks.scalar_or_array(mibps), "basis": basis, "extrapolated": basis == "extrapolated"}


def mix_ceiling_mibps(volume_type="regular", read_share=1.0, io_kib=64, access=None):
    """Most throughput one volume moves at a share of reads and an I/O size: ``mix_ceiling(...)["mibps"]``. [MiB/s]

    Examples
    --------
    >>> mix_ceiling_mibps("regular", 1.0, 64), mix_ceiling_mibps("regular", 0.0, 64)
    (4500.0, 1733.0)
    """
    return mix_ceiling(volume_type, read_share, io_kib, access)["mibps"]


def read_share_needed(throughput_mibps, volume_type="regular", io_kib=64, access=None):
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
    need = checks.positive("throughput_mibps", throughput_mibps, "MiB/s", one=True)
    shares = np.linspace(0, 1, 1001)
    reach = np.asarray(mix_ceiling(volume_type, shares, io_kib, access)["mibps"]) >= need
    if not reach.any():
        return float("nan")
    first = int(np.argmax(reach))
    if first == 0:
        return 0.0
    if volume_type == "regular" and io_kib in MIX_CURVES_KIB[access_pattern(access, io_kib)]:  # on its curve: invert it
        c = mix_curve(io_kib)
        return float(np.interp(need, c["mibps"], c["read_share"]))
    return float(shares[first])


def effective_ceiling_mibps(service_level, volume_type, read_share, io_kib, access=None):
    """A volume's ceiling, the read/write mix curve's, and the lower of the two, the one that holds.

    Parameters
    ----------
    service_level, volume_type
        As in :func:`volume_ceiling_mibps`.
    read_share, io_kib, access
        As in :func:`mix_ceiling`.

    Returns
    -------
    tuple
        ``(volume ceiling, mix curve's ceiling, the lower)``. [MiB/s]

    Examples
    --------
    >>> effective_ceiling_mibps("Premium", "regular", 0.0, 64)
    (4500.0, 1733.0, 1733.0)
    """
    ceiling = volume_ceiling_mibps(service_level, volume_type)
    mix = mix_ceiling_mibps(volume_type, read_share, io_kib, access)
    return ceiling, mix, checks.scalar_or_array(np.minimum(ceiling, mix))


def _limits(quota, rate, ceiling, mix):
    """The named limits in tie order: the mix curve binds only where it is below both others."""
    return {"quota x service level": quota * rate, "volume ceiling": ceiling, MIX_LIMIT: mix}


#: What :func:`binding_limit` names where the read/write mix curve is the lowest limit.
MIX_LIMIT = "read/write mix curve"


def volume_throughput_mibps(quota_tib, service_level, volume_type="regular", cool_access=False, read_share=1.0,
                            io_kib=64, access=None):
    """Throughput limit of a volume with automatic QoS.

    Parameters
    ----------
    quota_tib : float or array-like
        Volume quota, within :func:`quota_range_tib` for the volume type. [TiB]
    service_level : {"Standard", "Premium", "Ultra"}
    volume_type : {"regular", "large"}
    cool_access : bool
        Whether cool access is enabled (Premium and Ultra only).
    read_share, io_kib, access
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
    ceiling, mix, _ = effective_ceiling_mibps(service_level, volume_type, read_share, io_kib, access)
    quota = check_quota_tib(quota_tib, volume_type)
    return bounds.tightest(_limits(quota, rate, ceiling, mix))[0]


#: What :func:`binding_limit` names where quota x service level equals the volume type's ceiling.
TIED_LIMITS = "quota x service level and volume ceiling (a tie)"


def binding_limit(quota_tib, service_level, volume_type="regular", cool_access=False, read_share=1.0, io_kib=64,
                  access=None):
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
    ceiling, mix, _ = effective_ceiling_mibps(service_level, volume_type, read_share, io_kib, access)
    quota = check_quota_tib(quota_tib, volume_type)
    by_quota = quota * rate
    binding = bounds.tightest(_limits(quota, rate, ceiling, mix))[1]
    tied = np.isclose(by_quota, ceiling, rtol=1e-12, atol=0) & (ceiling <= mix)
    if np.ndim(tied) == 0:
        return TIED_LIMITS if tied else binding
    return np.where(tied, TIED_LIMITS, binding)


def quota_for_throughput_tib(throughput_mibps, service_level, volume_type="regular", cool_access=False, read_share=1.0,
                             io_kib=64, access=None):
    """Smallest quota whose service level grants a throughput (before the ceiling).

    Parameters
    ----------
    throughput_mibps : float or array-like
        Throughput needed, greater than 0 and at most the volume's ceiling. [MiB/s]
    service_level, volume_type, cool_access, read_share, io_kib, access
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
    checks.fraction("read_share", read_share, one=True)   # one mix: the quota for one workload
    ceiling, mix, top = effective_ceiling_mibps(service_level, volume_type, read_share, io_kib, access)
    context = f"for a {volume_type} {service_level} volume"
    if np.ndim(mix) == 0 and mix < ceiling:
        context += f" at {float(read_share):.0%} reads of {float(io_kib):g} KiB (read_share {float(read_share):g})"
    need = checks.in_range("throughput_mibps", throughput_mibps, 0, top, "MiB/s", context, low_open=True)
    low, _ = quota_range_tib(volume_type)
    return checks.scalar_or_array(np.maximum(need / rate, low))


def cool_access_volume_throughput_mibps(quota_tib, service_level, cool_tib=0.0, rule="2026", volume_type="regular",
                                        read_share=1.0, io_kib=64, access=None, reading="generous", data_tib=None):
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
    read_share, io_kib, access
        As in :func:`volume_throughput_mibps`: the mix curve caps every rule.
    reading : {"generous", "literal"}
        Of the 2026 rule, one of :data:`COOL_2026_READINGS`; default the generous one. [-]
    data_tib : float or array-like, optional
        The data the volume holds, at most the quota, for the literal reading; default the quota. [TiB]

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
      ``quota x rate``. The page writes "hot tier data"; the generous reading takes it as the quota not in the cool
      tier, as its closing line says throughput "scales linearly with the provisioned capacity"; the literal one
      as the data not in the cool tier, ``(data - cool) x rate + cool x 16``, whatever the quota above the data.
      Standard's rate is 16 MiB/s per TiB either way.

    Examples
    --------
    50 TiB at Premium, 40 TiB of it cool: 3,200 MiB/s without cool access; 1,800 by the 2025 rule; 1,280 by the
    2026 rule.

    >>> [float(cool_access_volume_throughput_mibps(50, "Premium", 40, rule)) for rule in COOL_ACCESS_RULES]
    [3200.0, 1800.0, 1280.0]

    A quota of 80 TiB for the same 50 TiB of data: 3,200 MiB/s by the generous reading, still 1,280 by the literal.

    >>> [float(cool_access_volume_throughput_mibps(80, "Premium", 40, "2026", reading=r, data_tib=50))
    ...  for r in COOL_2026_READINGS]
    [1280.0, 3200.0]
    """
    checks.choice("rule", rule, COOL_ACCESS_RULES)
    checks.choice("reading", reading, COOL_2026_READINGS)
    quota = check_quota_tib(quota_tib, volume_type)
    cool = checks.in_range("cool_tib", cool_tib, 0, np.max(quota), "TiB", "(at most the quota)")
    if np.any(cool > quota):
        raise ValueError(f"cool_tib must be at most quota_tib; got cool_tib={cool_tib!r}, quota_tib={quota_tib!r}")
    mix = {"read_share": read_share, "io_kib": io_kib, "access": access}
    if rule == "2024":
        return volume_throughput_mibps(quota, service_level, volume_type, **mix)
    if rule == "2025":
        return volume_throughput_mibps(quota, service_level, volume_type, cool_access=True, **mix)
    rate = throughput_per_tib_mibps(service_level)
    hot = quota
    if data_tib is not None:
        checks.in_range("data_tib", data_tib, 0, np.max(quota), "TiB", "(at most the quota)", low_open=True)
    if reading == "literal" and data_tib is not None:
        hot = checks.in_range("data_tib", data_tib, 0, np.max(quota), "TiB", "(at most the quota)", low_open=True)
        if np.any(cool > hot):
            raise ValueError(f"cool_tib must be at most data_tib; got cool_tib={cool_tib!r}, data_tib={data_tib!r}")
    split = (hot - cool) * rate + cool * _limit("throughput_per_tib_cool_tier", "MiB/s per TiB")
    threshold = _limit("cool_tier_throughput_threshold", "TiB")
    by_data = np.where(cool > threshold, split, quota * rate)
    return bounds.tightest({"quota x service level": by_data,
                            "volume ceiling": effective_ceiling_mibps(service_level, volume_type, **mix)[2]})[0]
