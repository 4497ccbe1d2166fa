import warnings

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


B_PER_KIB, B_PER_MB = 1024, 1e6  # IEC 80000-13 and SI
HUGE = 1e30  # a limit that never binds, to let another bind
CASES = [dict(read_ios=2.0, read_kib=64.0, hit_ratio=0.75, write_kib=16.0, temp_kib=8.0),
         dict(read_ios=3.0, read_kib=8.0, hit_ratio=0.2, write_kib=256.0, temp_kib=0.0)]


def _by_hand(case, cache_reads):
    """Each limit's operations a second, written from Microsoft's accounting (test_microsoft_accounting...)."""
    ios, kib, h, wk, tk = (case[k] for k in ("read_ios", "read_kib", "hit_ratio", "write_kib", "temp_kib"))
    mb = B_PER_KIB / B_PER_MB  # MB in a KiB
    if cache_reads:   # every read passes the cache; a miss and every write also reach the disks
        per_op = {"cached IOPS": ios, "cached throughput": (kib + wk + tk) * mb,
                  "uncached IOPS": (1 - h) * ios, "uncached throughput": ((1 - h) * kib + wk) * mb}
    else:             # only the temporary disk uses the cached path
        per_op = {"cached IOPS": 0.0, "cached throughput": tk * mb, "uncached IOPS": ios,
                  "uncached throughput": (kib + wk) * mb}
    return per_op


@pytest.mark.parametrize("cache_reads", [True, False])
@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("limit", bounds.HOST_CACHE_LIMITS)
def test_each_host_cache_limit_binds_by_what_an_operation_costs_it(case, cache_reads, limit):
    per_op = _by_hand(case, cache_reads)[limit]
    path, what = limit.split(" ")
    lim = {p: {"iops": HUGE, "mb_per_s": HUGE} for p in ("cached", "uncached")}
    lim[path]["iops" if what == "IOPS" else "mb_per_s"] = 1000.0
    ops, binding = bounds.host_cache_ops_limit(**case, **lim, cache_reads=cache_reads)
    if per_op == 0:   # an operation that costs this limit nothing: it never binds
        assert binding != limit
    else:
        assert binding == limit and ops == pytest.approx(1000.0 / per_op, rel=1e-12)


def test_a_limit_an_operation_does_not_use_is_no_limit_and_warns_of_nothing():
    lim = dict(cached={"iops": 1.0, "mb_per_s": 1.0}, uncached={"iops": 1.0, "mb_per_s": 1.0})
    with warnings.catch_warnings():
        warnings.simplefilter("error")   # no division by zero reaches a notebook as a warning
        ops, binding = bounds.host_cache_ops_limit(0.0, 0.0, 1.0, **lim)
        assert (ops, binding) == (np.inf, "cached IOPS")
        assert bounds.mixed_iops_limit([0.0, 1.0], 8, 1.0, 1.0, 1.0, 1.0)[1].tolist() == ["write IOPS", "read IOPS"]
        assert bounds.mixed_iops_limit(0.0, 8, 1.0, 1.0, 1.0, 1.0, iops_shared=True)[0] == 1.0
        # limits so far above what an operation costs that their quotient overflows: no limit, inf
        lim = dict(cached={"iops": 1e300, "mb_per_s": 1e300}, uncached={"iops": 1e300, "mb_per_s": 1e300})
        assert bounds.host_cache_ops_limit(1e-300, 1e-300, 0.5, **lim)[0] == np.inf
        assert bounds.mixed_iops_limit(1e-300, 1e-300, 1e300, 1e300, 1e300, 1e300) == (1e300, "write IOPS")


@pytest.mark.parametrize("shared", [False, True])
def test_each_mixed_limit_binds_by_what_a_mix_costs_it(shared):
    r, kib, a_r, a_w = 0.7, 16.0, 2.0, 3.0   # disk reads and writes an operation costs (a RAID or a mirror)
    mb = kib * B_PER_KIB / B_PER_MB
    per_op = {"read IOPS": r * a_r, "write IOPS": (1 - r) * a_w, "read throughput": r * mb,
              "write throughput": (1 - r) * mb}
    names = bounds.SHARED_MIX_LIMITS if shared else bounds.MIX_LIMITS
    for name in names:
        lim = dict(read_iops=HUGE, write_iops=HUGE, read_mb_per_s=HUGE, write_mb_per_s=HUGE)
        if name == bounds.SHARED_MIX_LIMITS[0] and shared:   # one IOPS budget, time-shared by reads and writes
            lim.update(read_iops=1000.0, write_iops=500.0)
            want = 1 / (r * a_r / 1000.0 + (1 - r) * a_w / 500.0)
        else:
            key = {"read IOPS": "read_iops", "write IOPS": "write_iops", "read throughput": "read_mb_per_s",
                   "write throughput": "write_mb_per_s"}[name]
            lim[key] = 1000.0
            want = 1000.0 / per_op[name]
        ops, binding = bounds.mixed_iops_limit(r, kib, **lim, iops_shared=shared, disk_reads_per_read=a_r,
                                               disk_writes_per_write=a_w)
        assert binding == name and ops == pytest.approx(want, rel=1e-12)


@pytest.mark.parametrize("random, sequential", [((8, 3364.0), (64, 4500.0)), ((8, 100.0), (64, 4500.0)),
                                                ((8, 5000.0), (64, 4500.0))])
def test_each_test_is_read_as_itself_at_its_size_and_by_its_operations_elsewhere(random, sequential):
    # the first pair is the doctest's (a regular volume's curves); the others made up: a random test weak enough
    # that scaled to the sequential size it moves less than the sequential test, and one faster than it
    (r_kib, r_mibps), (s_kib, s_mibps) = random, sequential

    def read(io, access):
        return bounds.by_access_pattern(io, access, random, sequential)

    assert read(r_kib, "random") == r_mibps and read(s_kib, "sequential") == s_mibps
    assert read(r_kib / 2, "random") == r_mibps / 2     # half the bytes an operation, the same operations
    assert read(r_kib * 4, "random") == r_mibps         # no more than the random test moved
    assert read(r_kib, "sequential") == min(s_mibps, r_mibps)
    assert read(r_kib / 2, "sequential") == min(s_mibps, r_mibps / 2)
    mid = (r_kib + s_kib) / 2
    assert read(mid, "sequential") == min(s_mibps, r_mibps * mid / r_kib)
    assert read(s_kib * 4, "sequential") == s_mibps
    with pytest.raises(ValueError, match=r"^random must be a pair \(KiB, MiB/s\), got \(8,\)$"):
        bounds.by_access_pattern(8, "random", (8,), sequential)
    with pytest.raises(ValueError, match=r"^access must be one of random, sequential; got 'Random'$"):
        bounds.by_access_pattern(8, "Random", random, sequential)
    with pytest.raises(ValueError, match=r"^random\[0\] must be greater than 0 KiB, got -8$"):
        bounds.by_access_pattern(8, "random", (-8, r_mibps), sequential)
    with pytest.raises(ValueError, match=r"^sequential\[0\] must be one number of KiB, got an array with values"):
        bounds.by_access_pattern(8, "random", random, ([s_kib, s_kib], s_mibps))
    with pytest.raises(ValueError, match=r"^sequential\[1\] must be greater than 0 MiB/s, got 0$"):
        bounds.by_access_pattern(8, "random", random, (s_kib, 0))
    # MiB/s by share of reads: an array in, an array out
    assert bounds.by_access_pattern(r_kib, "random", (r_kib, [r_mibps, 2 * r_mibps]), sequential).tolist() == [
        r_mibps, 2 * r_mibps]


def test_no_cache_serves_no_reads_and_a_cache_larger_than_the_data_serves_them_all():
    assert bounds.cache_hit_ratio(0, 10) == 0.0 and bounds.cache_hit_ratio(20, 10) == 1.0
