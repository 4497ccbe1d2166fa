import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf.concepts import bounds


def test_the_smallest_limit_binds_and_ties_go_to_the_first():
    assert bounds.tightest({"a": 3.0, "b": 2.0, "c": 5.0}) == (2.0, "b")
    assert bounds.tightest({"a": 2.0, "b": 2.0}) == (2.0, "a")


def test_arrays_broadcast_against_scalars():
    value, binding = bounds.tightest({"clients": np.array([1.0, 5.0, 9.0]), "ceiling": 4.0, "off": np.inf})
    assert_allclose(value, [1.0, 4.0, 4.0])
    assert list(binding) == ["clients", "ceiling", "ceiling"]


@given(st.lists(st.floats(0, 1e9), min_size=1, max_size=6))
def test_the_value_is_the_minimum(values):
    value, binding = bounds.tightest({f"l{i}": v for i, v in enumerate(values)})
    assert value == min(values) and values[int(binding[1:])] == min(values)


def test_mixed_limit_names_what_binds():
    # A pure read of 64 KiB against 15,000 IOPS and 240 MB/s (TR-4816 Table 1, custom-4-16384):
    # 240e6 / 65,536 = 3,662 operations a second, below 15,000: the read throughput binds.
    iops, binding = bounds.mixed_iops_limit(1.0, 64, 15_000, 15_000, 240, 240)
    assert_allclose(iops, 240e6 / 65_536, rtol=1e-12)
    assert binding == "read throughput"
    # all writes: the read terms drop out
    assert bounds.mixed_iops_limit(0.0, 8, 1, 30_000, 1, 400)[1] == "write IOPS"


def test_bad_limits_are_refused():
    with pytest.raises(TypeError, match="limits must be a non-empty dict"):
        bounds.tightest({})
    with pytest.raises(ValueError, match=r"limits\['a'\] must be a number or inf, got nan"):
        bounds.tightest({"a": float("nan")})


def test_microsoft_accounting_of_hits_misses_and_writes():
    # "Virtual machine and disk performance" (2020-10-12): Standard_D8s_v3, cached IOPS 16,000, uncached 12,800.
    # A hit counts toward the cached limit only: 1 I/O an operation, all hits -> 16,000 ops/s, cached IOPS bind.
    lim = dict(cached={"iops": 16_000, "mb_per_s": 128}, uncached={"iops": 12_800, "mb_per_s": 192})
    assert bounds.host_cache_ops_limit(1, 4, 1.0, **lim) == (16_000, "cached IOPS")
    # A miss counts toward both: all misses -> the uncached 12,800 bind
    assert bounds.host_cache_ops_limit(1, 4, 0.0, **lim) == (12_800, "uncached IOPS")
    # Writes count toward both limits even when every read hits: 64 KiB written an operation against 192 MB/s
    ops, binding = bounds.host_cache_ops_limit(0, 0, 1.0, **lim, write_kib=64)
    assert binding == "cached throughput" and ops == pytest.approx(128e6 / 65_536)
    # The temporary disk draws on the cached limit, whatever the data disks' caching
    ops, binding = bounds.host_cache_ops_limit(1, 4, 0.0, **lim, temp_kib=256, cache_reads=False)
    assert binding == "cached throughput" and ops == pytest.approx(128e6 / 262_144)


def test_cache_hit_ratio_from_data_against_cache():
    # DS14_v2 host cache 576 GiB (DSv2 size table)
    assert bounds.cache_hit_ratio(576, [288, 576, 1152]).tolist() == [1.0, 1.0, 0.5]
