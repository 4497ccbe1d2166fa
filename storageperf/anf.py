"""Azure NetApp Files throughput: service level x quota, capped by the volume's ceiling.

With the Standard, Premium and Ultra service levels (automatic QoS), a volume may move up to its quota times
its service level's rate per TiB, and never more than the ceiling of its volume type. With the Flexible service
level, throughput is bought separately from capacity, within a range set by the pool's size. Every rate and
limit is read from ``data/platform_limits.csv``, which cites Microsoft's documentation row by row.

References
----------
.. [1] Microsoft Learn, "Service levels for Azure NetApp Files", 2026-01-29.
.. [2] Microsoft Learn, "Resource limits for Azure NetApp Files", 2025-06-10.
.. [3] Microsoft Learn, "Understand large volumes in Azure NetApp Files" and "Requirements and considerations
   for large volumes", 2025-11-11.
.. [4] Microsoft Learn, "Manage Azure NetApp Files storage with cool access", 2025-10-28.
"""
from __future__ import annotations

import numpy as np

from . import _checks, units
from .data import limit

#: Service levels whose throughput is quota x rate (automatic QoS).
SERVICE_LEVELS = ("Standard", "Premium", "Ultra")
#: Volume types: a regular volume (up to 100 TiB) or a large volume (50 TiB to 1 PiB).
VOLUME_TYPES = ("regular", "large")


def throughput_per_tib_mibps(service_level, cool_access=False):
    """Throughput a service level grants per TiB of volume quota.

    Parameters
    ----------
    service_level : {"Standard", "Premium", "Ultra"}
    cool_access : bool
        Whether cool access is enabled on the volume, which lowers the Premium and Ultra rates [4]_.

    Returns
    -------
    float
        Throughput per TiB of quota. [MiB/s per TiB]

    Examples
    --------
    >>> throughput_per_tib_mibps("Premium"), throughput_per_tib_mibps("Premium", cool_access=True)
    (64.0, 36.0)
    """
    _checks.choice("service_level", service_level, SERVICE_LEVELS)
    if not isinstance(cool_access, (bool, np.bool_)):
        raise TypeError(f"cool_access must be True or False, got {cool_access!r}")
    if cool_access:
        if service_level == "Standard":
            raise ValueError("service_level must be Premium or Ultra with cool_access=True (the guide's sources "
                             "give no cool-access rate for Standard); got 'Standard'")
        return limit(f"throughput_per_tib_cool_{service_level.lower()}")["value"]
    return limit(f"throughput_per_tib_{service_level.lower()}")["value"]


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
    _checks.choice("volume_type", volume_type, VOLUME_TYPES)
    bounds = []
    for end in ("min", "max"):
        row = limit(f"volume_quota_{end}_{volume_type}")
        bounds.append(units.convert(row["value"], row["unit"], "TiB"))
    return tuple(bounds)


def check_quota_tib(quota_tib, volume_type="regular"):
    """Return ``quota_tib`` as floats if every value is a valid quota for ``volume_type``; raise otherwise."""
    low, high = quota_range_tib(volume_type)
    return _checks.in_range("quota_tib", quota_tib, low, high, "TiB", f"for a {volume_type} volume")


def volume_ceiling_mibps(service_level, volume_type="regular"):
    """Most throughput one volume can have, whatever its quota.

    Parameters
    ----------
    service_level : {"Standard", "Premium", "Ultra"}
    volume_type : {"regular", "large"}

    Returns
    -------
    float
        Throughput ceiling. [MiB/s]

    Examples
    --------
    >>> volume_ceiling_mibps("Standard"), volume_ceiling_mibps("Ultra"), volume_ceiling_mibps("Ultra", "large")
    (1600.0, 4500.0, 12800.0)
    """
    _checks.choice("service_level", service_level, SERVICE_LEVELS)
    _checks.choice("volume_type", volume_type, VOLUME_TYPES)
    if volume_type == "large":
        return limit("volume_ceiling_large")["value"]
    return limit(f"volume_ceiling_regular_{service_level.lower()}")["value"]


def volume_throughput_mibps(quota_tib, service_level, volume_type="regular", cool_access=False):
    """Throughput limit of a volume with automatic QoS.

    Parameters
    ----------
    quota_tib : float or array-like
        Volume quota, within :func:`quota_range_tib` for the volume type. [TiB]
    service_level : {"Standard", "Premium", "Ultra"}
    volume_type : {"regular", "large"}
    cool_access : bool
        Whether cool access is enabled (Premium and Ultra only).

    Returns
    -------
    float or numpy.ndarray
        Throughput limit. [MiB/s]

    Notes
    -----
    ``min(quota x rate(service_level), ceiling(service_level, volume_type))`` [1]_ [2]_ [3]_. The quota sets the
    limit, not the data stored. It is a limit: a client reaches it only with enough I/O in flight and network
    bandwidth (see :mod:`storageperf.queueing`).

    Examples
    --------
    The HPC/EDA module's Premium volume of 10 TiB: 64 x 10 = 640 MiB/s.

    >>> volume_throughput_mibps(10, "Premium")
    640.0

    A 50 TiB Ultra volume would be 6,400 MiB/s by its quota, but a regular volume stops at 4,500:

    >>> volume_throughput_mibps(50, "Ultra")
    4500.0
    """
    rate = throughput_per_tib_mibps(service_level, cool_access)
    ceiling = volume_ceiling_mibps(service_level, volume_type)
    quota = check_quota_tib(quota_tib, volume_type)
    return _checks.scalar_or_array(np.minimum(quota * rate, ceiling))


def binding_limit(quota_tib, service_level, volume_type="regular", cool_access=False):
    """Which limit sets :func:`volume_throughput_mibps`: ``"quota x service level"`` or ``"volume ceiling"``.

    Parameters are those of :func:`volume_throughput_mibps`.

    Returns
    -------
    str or numpy.ndarray of str

    Examples
    --------
    >>> binding_limit(10, "Premium"), binding_limit(100, "Premium")
    ('quota x service level', 'volume ceiling')
    """
    rate = throughput_per_tib_mibps(service_level, cool_access)
    ceiling = volume_ceiling_mibps(service_level, volume_type)
    quota = check_quota_tib(quota_tib, volume_type)
    result = np.where(quota * rate < ceiling, "quota x service level", "volume ceiling")
    return str(result) if result.ndim == 0 else result


def quota_for_throughput_tib(throughput_mibps, service_level, volume_type="regular", cool_access=False):
    """Smallest quota whose service level grants a throughput (before the ceiling).

    Parameters
    ----------
    throughput_mibps : float or array-like
        Throughput needed, greater than 0 and at most the volume's ceiling. [MiB/s]
    service_level, volume_type, cool_access
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
    ceiling = volume_ceiling_mibps(service_level, volume_type)
    need = _checks.in_range("throughput_mibps", throughput_mibps, 0, ceiling, "MiB/s",
                            f"for a {volume_type} {service_level} volume", low_open=True)
    low, _ = quota_range_tib(volume_type)
    return _checks.scalar_or_array(np.maximum(need / rate, low))


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
    low = limit("capacity_pool_min")["value"]
    high = limit("capacity_pool_max")["value"]
    pool = _checks.in_range("pool_tib", pool_tib, low, high, "TiB", "for a capacity pool")
    base = limit("flexible_pool_baseline_throughput")["value"]
    top = np.maximum(pool * limit("flexible_max_throughput_per_tib")["value"], base)
    return base, _checks.scalar_or_array(top)
