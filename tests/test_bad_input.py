"""Every public model function rejects bad input with a message naming the parameter, the value and what is allowed."""

from storageperf.concepts import bandwidth, queueing, units
from storageperf.platforms import azure_netapp_files as anf

BAD_INPUT = [
    (bandwidth.bandwidth_mibps, {"iops": 1000, "block_size_kib": 16}, "iops", ["number"]),
    (bandwidth.bandwidth_mibps, {"iops": 1000, "block_size_kib": 16}, "block_size_kib", ["number"]),
    (bandwidth.iops_from_bandwidth, {"bandwidth_mibps": 100, "block_size_kib": 16}, "bandwidth_mibps", ["number"]),
    (bandwidth.iops_from_bandwidth, {"bandwidth_mibps": 100, "block_size_kib": 16}, "block_size_kib", ["number"]),
    (queueing.outstanding_io, {"jobs": 1, "queue_depth": 1}, "jobs", ["number"]),
    (queueing.outstanding_io, {"jobs": 1, "queue_depth": 1}, "queue_depth", ["number"]),
    (queueing.littles_law_latency_ms, {"iops": 100, "outstanding": 1}, "iops", ["number"]),
    (queueing.littles_law_latency_ms, {"iops": 100, "outstanding": 1}, "outstanding", ["number"]),
    (queueing.littles_law_iops, {"outstanding": 1, "latency_ms": 1}, "latency_ms", ["number"]),
    (queueing.closed_loop_iops, {"outstanding": 1, "light_load_latency_ms": 1, "max_iops": 10}, "max_iops", ["number"]),
    (queueing.closed_loop_latency_ms, {"outstanding": 1, "light_load_latency_ms": 1, "max_iops": 10},
     "light_load_latency_ms", ["number"]),
    (anf.volume_throughput_mibps, {"quota_tib": 10, "service_level": "Premium"}, "quota_tib",
     ["number", (101, "between 0.0488281 and 100 TiB for a regular volume, got 101")]),
    (anf.volume_throughput_mibps, {"quota_tib": 10, "service_level": "Premium"}, "service_level",
     [("Gold", "one of Standard, Premium, Ultra; got 'Gold'"), ("premium", "got 'premium'"), (64, "got 64")]),
    (anf.volume_throughput_mibps, {"quota_tib": 60, "service_level": "Premium", "volume_type": "large"}, "quota_tib",
     [(10, "between 50 and 1024 TiB for a large volume, got 10"), (2000, "got 2000")]),
    (anf.volume_throughput_mibps, {"quota_tib": 10, "service_level": "Premium"}, "volume_type",
     [("huge", "one of regular, large; got 'huge'")]),
    (anf.volume_throughput_mibps, {"quota_tib": 10, "service_level": "Premium", "cool_access": True}, "service_level",
     [("Standard", "Premium or Ultra with cool_access=True")]),
    (anf.volume_throughput_mibps, {"quota_tib": 10, "service_level": "Premium"}, "cool_access",
     [("yes", "cool_access must be True or False")]),
    (anf.binding_limit, {"quota_tib": 10, "service_level": "Premium"}, "quota_tib", ["number"]),
    (anf.quota_for_throughput_tib, {"throughput_mibps": 100, "service_level": "Premium"}, "throughput_mibps",
     ["number", (5000, "at most 4500 MiB/s for a regular Premium volume, got 5000")]),
    (anf.flexible_throughput_range_mibps, {"pool_tib": 1}, "pool_tib",
     ["number", (0.5, "between 1 and 2048 TiB for a capacity pool, got 0.5")]),
    (anf.monthly_capacity_cost_usd, {"capacity_tib": 4, "service_level": "Ultra"}, "capacity_tib",
     ["number", (4096, "between 1 and 2048 TiB")]),
    (anf.monthly_capacity_cost_usd, {"capacity_tib": 4, "service_level": "Ultra"}, "region",
     [("mars", "region must be one of"), ("East US", "got 'East US'")]),
    (anf.monthly_capacity_cost_usd, {"capacity_tib": 4, "service_level": "Ultra"}, "service_level",
     [("Platinum", "one of Standard, Premium, Ultra, Flexible; got 'Platinum'")]),
    (anf.monthly_flexible_throughput_cost_usd, {"throughput_mibps": 200, "pool_tib": 1}, "throughput_mibps",
     [(100, "between 128 and 640 MiB/s for a 1 TiB Flexible pool, got 100"), (700, "got 700"), ("x", "a number")]),
    (anf.price, {"region": "eastus", "meter": "Premium Capacity"}, "meter", [("Gold Capacity", "meter must be one of")]),
    (units.convert, {"value": 1, "from_unit": "MiB", "to_unit": "MB"}, "value", [("x", "value must be a number")]),
]
def test_bad_input_is_named(bad_input):
    bad_input.check()
