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
.. [12] Microsoft Learn, "Linux NFS read-ahead best practices for Azure NetApp Files", 2022-09-29: the 128 KiB
   Linux default, 15 x rsize before it, 15,360 KiB found optimal (``data/platforms/azure_netapp_files_read_ahead.csv``).
.. [13] Microsoft Learn, "Reserved capacity for Azure NetApp Files", 2025-03-25: reservations of 100 TiB and 1 PiB
   units for a one- or three-year term, per service level (Standard, Premium and Ultra; not Flexible) and region;
   of a pool with cool access, only the hot tier is covered. Their prices: ``data/platforms/
   azure_netapp_files_reservations.csv``, from the Azure Retail Prices answer (none in the 2026-01-29 snapshot).
"""
from .cool_access import (  # noqa: F401
    COST_STEPS_PER_MONTH,
    MONTHS_MAX,
    RETRIEVAL_POLICIES,
    cool_access_best_coolness_period_days,
    cool_access_break_even_read_share,
    cool_access_cost_by_month,
    cool_access_monthly_cost_usd,
    cool_access_monthly_saving_usd,
    cool_access_payback_month,
    cool_access_profile,
    cool_access_profile_cost_usd,
    cool_access_profile_saving_usd,
    cool_access_quota_tib,
    cool_access_sizing,
    cool_access_sizing_options,
)
from .limits import (  # noqa: F401
    ALL_SERVICE_LEVELS,
    COOL_2026_READINGS,
    COOL_ACCESS_RULES,
    READ_AHEAD_SETTINGS,
    SERVICE_LEVELS,
    VOLUME_TYPES,
    check_quota_tib,
    cool_access_rule,
    cool_access_service_levels,
    cool_access_volume_types,
    coolness_periods_days,
    flexible_throughput_range_mibps,
    limit,
    pool_range_tib,
    quota_range_tib,
    read_ahead_kib,
    supported_service_levels,
    throughput_per_tib_mibps,
    volume_ceiling_mibps,
    volume_status,
    volume_status_evidence,
)
from .pricing import (  # noqa: F401
    CAPACITY_METERS,
    COOL_METERS,
    PRICE_SNAPSHOT_DATE,
    THROUGHPUT_METER,
    monthly_capacity_cost_usd,
    monthly_flexible_throughput_cost_usd,
    monthly_pool_cost_usd,
    price,
    region_names,
    regions,
    reservation_service_levels,
    reservation_terms,
    reserved_price,
)
from .sizing import (  # noqa: F401
    cheapest_service_level,
    flexible_pool_tib,
    flexible_volume,
    manual_qos_pool_tib,
    meets_need,
    pool_plan,
    pool_size_tib,
    quota_with_snapshots_tib,
    size_volume,
    sizing_options,
    volume_type_options,
)
from .throughput import (  # noqa: F401
    ACCESS_PATTERNS,
    MIX_BASES,
    MIX_CURVES_KIB,
    MIX_IO_KIB,
    MIX_LIMIT,
    TIED_LIMITS,
    access_pattern,
    binding_limit,
    cool_access_volume_throughput_mibps,
    effective_ceiling_mibps,
    mix_ceiling,
    mix_ceiling_mibps,
    mix_curve,
    quota_for_throughput_tib,
    read_share_needed,
    volume_throughput_mibps,
)

__all__ = sorted([
    'MONTHS_MAX',
    'ALL_SERVICE_LEVELS',
    'CAPACITY_METERS',
    'COOL_2026_READINGS',
    'COOL_ACCESS_RULES',
    'COOL_METERS',
    'ACCESS_PATTERNS',
    'MIX_BASES',
    'MIX_CURVES_KIB',
    'MIX_IO_KIB',
    'MIX_LIMIT',
    'PRICE_SNAPSHOT_DATE',
    'READ_AHEAD_SETTINGS',
    'RETRIEVAL_POLICIES',
    'SERVICE_LEVELS',
    'THROUGHPUT_METER',
    'TIED_LIMITS',
    'VOLUME_TYPES',
    'access_pattern',
    'binding_limit',
    'cheapest_service_level',
    'check_quota_tib',
    'cool_access_best_coolness_period_days',
    'cool_access_break_even_read_share',
    'COST_STEPS_PER_MONTH',
    'cool_access_cost_by_month',
    'cool_access_monthly_cost_usd',
    'cool_access_monthly_saving_usd',
    'cool_access_payback_month',
    'cool_access_profile',
    'cool_access_profile_cost_usd',
    'cool_access_profile_saving_usd',
    'cool_access_quota_tib',
    'cool_access_rule',
    'cool_access_service_levels',
    'cool_access_sizing',
    'cool_access_sizing_options',
    'cool_access_volume_throughput_mibps',
    'coolness_periods_days',
    'effective_ceiling_mibps',
    'flexible_pool_tib',
    'flexible_throughput_range_mibps',
    'flexible_volume',
    'limit',
    'manual_qos_pool_tib',
    'meets_need',
    'mix_ceiling',
    'mix_ceiling_mibps',
    'mix_curve',
    'monthly_capacity_cost_usd',
    'monthly_flexible_throughput_cost_usd',
    'monthly_pool_cost_usd',
    'pool_plan',
    'pool_range_tib',
    'pool_size_tib',
    'price',
    'quota_for_throughput_tib',
    'quota_range_tib',
    'quota_with_snapshots_tib',
    'read_ahead_kib',
    'read_share_needed',
    'regions',
    'reservation_service_levels',
    'reservation_terms',
    'reserved_price',
    'size_volume',
    'sizing_options',
    'supported_service_levels',
    'throughput_per_tib_mibps',
    'volume_ceiling_mibps',
    'volume_status',
    'volume_status_evidence',
    'volume_throughput_mibps',
    'volume_type_options',
])
