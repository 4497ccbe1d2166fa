"""The service's dated limits: service levels, volume types and the levels they are offered at, quotas, ceilings,
pools, Flexible's throughput range, which cool-access rule a region's pools follow, and a Linux client's NFS
read-ahead (the default and what Microsoft recommends).

Part of :mod:`storageperf.platforms.azure_netapp_files`, whose docstring lists the references cited as [n]_.
"""
from __future__ import annotations

import functools

import numpy as np

from ... import checks, data

_LIMITS, _PRICES = "azure_netapp_files_limits", "azure_netapp_files_prices"


_SUPPORT = "azure_netapp_files_volume_support"
_READ_AHEAD = "azure_netapp_files_read_ahead"


def _limit(limit_id, unit):
    return data.value(_LIMITS, limit_id, unit)



def limit(limit_id, unit):
    """One limit of ``data/platforms/azure_netapp_files_limits.csv`` in the unit asked for.

    Examples
    --------
    >>> limit("capacity_pool_increment", "TiB")
    1.0
    """
    if not isinstance(limit_id, str) or limit_id not in data.load(_LIMITS)["id"].values:
        raise checks.InputError(f"limit_id must be an id of the {_LIMITS} table; got {limit_id!r}")
    return _limit(limit_id, unit)


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
    checks.boolean("cool_access", cool_access)
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

    Notes
    -----
    Each status is the one its row's document states (:func:`volume_status_evidence` gives it with its date and the
    pages that say otherwise). The Flexible service level's is Microsoft's announcement, "What's new in Azure NetApp
    Files" (ms.date 2025-12-09), September 2025: "Flexible service level ... is now generally available (GA)". The
    capacity-pool page (ms.date 2025-05-14) still says "currently in preview" (source_discrepancies
    large-volumes-15).

    Examples
    --------
    >>> volume_status("large", "Flexible"), volume_status("breakthrough", "Flexible")
    ('generally available', 'preview')
    """
    checks.choice("service_level", service_level, supported_service_levels(volume_type))
    return str(_support()[(volume_type, service_level)])


def volume_status_evidence(volume_type, service_level):
    """Where :func:`volume_status` comes from: its document, the document's date, the quote, and dated pages that
    say otherwise.

    Parameters
    ----------
    volume_type, service_level
        As in :func:`volume_status`.

    Returns
    -------
    dict
        ``status``; ``document`` (an id of ``data/documents.csv``), ``date`` (ISO), ``location`` and ``quote`` of the
        status's row in ``data/platforms/azure_netapp_files_volume_support.csv``; ``contradicted_by``, a list of
        ``{"document", "date", "quote", "discrepancy"}`` for each row of ``data/source_discrepancies.csv`` that names
        this status's table and a page saying otherwise about the service level, oldest first.

    Examples
    --------
    >>> e = volume_status_evidence("regular", "Flexible")
    >>> e["status"], e["document"], e["date"], [c["date"] for c in e["contradicted_by"]]
    ('generally available', 'anf-whats-new', '2025-12-09', ['2025-05-14'])
    """
    status = volume_status(volume_type, service_level)
    t = data.load(_SUPPORT)
    row = t[(t["volume_type"] == volume_type) & (t["service_level"] == service_level)].iloc[0]
    dates = dict(data.load("documents")[["id", "date"]].itertuples(index=False))
    d = data.load("source_discrepancies")
    # a discrepancy about a status names the support table in its resolution, and its quote the service level and
    # the other status
    other_status = "preview" if status == "generally available" else "generally available"
    said = d[d["resolution"].str.contains(_SUPPORT, regex=False)
             & d["quote"].str.contains(service_level, case=False, regex=False)
             & d["quote"].str.contains(other_status, case=False, regex=False)
             & (d["document"] != row["document"])]
    other = [{"document": r.document, "date": str(dates[r.document]), "quote": r.quote, "discrepancy": r.id}
             for r in said.itertuples(index=False)]
    return {"status": status, "document": row["document"], "date": str(dates[row["document"]]),
            "location": row["location"], "quote": row["quote"],
            "contradicted_by": sorted(other, key=lambda c: c["date"])}


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
    A regular volume's ceiling is automatic QoS's: Standard's is lower than the other levels'. With manual QoS any
    regular volume can be given up to ``volume_ceiling_regular_manual_qos`` (Microsoft, "Performance considerations",
    2023-08-31), out of its pool's throughput.
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


#: The rules Microsoft's pages have given for the throughput of a volume with cool access, by the year each appeared:
#: ``"2024"``: the service level's rate, as without cool access (manage cool access, to 2024-11-12); ``"2025"``:
#: Premium 36 and Ultra 68 MiB/s per TiB of quota, Standard unchanged (from 2025-01-29; still the rule for pools
#: that had cool access before the 2026 update, and outside its regions); ``"2026"``: hot data at the service
#: level's rate and cool data at 16 MiB/s per TiB (cool-access introduction, 2026-03-10, new pools in the regions
#: of ``data/platforms/azure_netapp_files_cool_access_regions.csv``).
COOL_ACCESS_RULES = ("2024", "2025", "2026")
#: Two readings of the 2026 rule's "hot tier data" (cool-access introduction, 2026-03-10): ``"generous"``, the quota
#: not in the cool tier (its closing line says throughput "scales linearly with the provisioned capacity");
#: ``"literal"``, the data not in the cool tier, whatever the quota. The cool-access chapter plans for the literal one
#: where the two disagree.
COOL_2026_READINGS = ("literal", "generous")


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
    from .pricing import regions  # the regions Azure NetApp Files is sold in (pricing reads these limits)

    if not isinstance(region, str) or region not in regions():
        raise checks.InputError(f"region must be an Azure region where Azure NetApp Files is sold, by its Azure name "
                                f"such as 'eastus'; got {region!r}")
    checks.boolean("pool_created_after_update", pool_created_after_update)
    listed = set(data.load("azure_netapp_files_cool_access_regions")["region"])
    return "2026" if pool_created_after_update and region in listed else "2025"


@functools.cache
def cool_access_volume_types():
    """The volume types cool access is supported on, as the latest revision of Microsoft's page says.

    Returns
    -------
    tuple of str
        Volume types of :data:`VOLUME_TYPES`, in that order, whose latest statement in
        ``data/platforms/azure_netapp_files_cool_access_support.csv`` (by its document's date) is "supported".

    Notes
    -----
    The page's revision of 2023-10-20 said "You can't use large volumes with Standard storage with cool access";
    the revision of 2025-10-28 says "Cool access is supported with large volumes" [4]_.

    Examples
    --------
    >>> cool_access_volume_types()
    ('regular', 'large')
    """
    said = data.load("azure_netapp_files_cool_access_support")
    dates = dict(data.load("documents")[["id", "date"]].itertuples(index=False))
    latest = {t: max(rows.itertuples(index=False), key=lambda r: dates[r.document]).cool_access
              for t, rows in said.groupby("volume_type")}
    return tuple(t for t in VOLUME_TYPES if latest.get(t) == "supported")


def cool_access_service_levels():
    """The service levels cool access is available with: all four, Flexible included.

    Examples
    --------
    >>> cool_access_service_levels()
    ('Standard', 'Premium', 'Ultra', 'Flexible')
    """
    n = int(_limit("cool_access_service_levels", "service levels"))
    return ALL_SERVICE_LEVELS[:n]


#: Linux NFS read-ahead settings :func:`read_ahead_kib` knows: today's default (RHEL 8.3 and Ubuntu 18.04 on), the
#: earlier releases' default (15 x ``rsize``), and the value Microsoft's testing found optimal.
READ_AHEAD_SETTINGS = ("Linux default", "earlier Linux default", "Microsoft's recommendation")


def read_ahead_kib(setting="Linux default", rsize_kib=None):
    """A Linux client's NFS read-ahead window, as Microsoft's read-ahead page gives it.

    Parameters
    ----------
    setting : str
        One of :data:`READ_AHEAD_SETTINGS`.
    rsize_kib : float, optional
        The mount's ``rsize``, greater than 0; needed for (and only for) ``"earlier Linux default"``. [KiB]

    Returns
    -------
    float
        The window. [KiB]

    Notes
    -----
    Microsoft's page (ms.date 2022-09-29) says RHEL 8.3 and Ubuntu 18.04 "set read-ahead to a default of 128 KiB
    regardless of the rsize mount option used", where earlier releases set 15 x ``rsize``, and that "testing with
    SAS GRID found the 15,360-KiB read value optimal compared to 3,840 KiB, 960 KiB, and 128 KiB". Its udev rule
    sets 15,380 KiB instead (source_discrepancies large-volumes-14); the recommendation here is the text's.

    Examples
    --------
    >>> read_ahead_kib(), read_ahead_kib("Microsoft's recommendation"), read_ahead_kib("earlier Linux default", 256)
    (128.0, 15360.0, 3840.0)
    """
    checks.choice("setting", setting, READ_AHEAD_SETTINGS)
    earlier = setting == "earlier Linux default"
    if earlier != (rsize_kib is not None):
        raise ValueError(f"rsize_kib must be given for the earlier Linux default (15 x rsize) and only for it; got "
                         f"{rsize_kib!r} with setting {setting!r}")
    if earlier:
        rsize = checks.positive("rsize_kib", rsize_kib, "KiB", one=True)
        return data.value(_READ_AHEAD, "read_ahead_default_earlier", "x rsize") * rsize
    row = "read_ahead_default_current" if setting == "Linux default" else "read_ahead_recommended"
    return data.value(_READ_AHEAD, row, "KiB")
