import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf.concepts import bandwidth


def test_hpc_module_workload():
    # HPC/EDA module: 100,000 IOPS x 16 KB = 1,600,000 KB/s; in MiB/s (KB read as KiB): 1,600,000 / 1024 = 1562.5
    assert_allclose(bandwidth.bandwidth_mibps(100_000, 16), 1562.5, rtol=1e-12)


def test_iops_from_bandwidth_is_the_inverse():
    # HPC/EDA module: a 640 MiB/s Premium volume; 640 x 1024 / 16 = 40,960 IOPS of 16 KiB
    assert_allclose(bandwidth.iops_from_bandwidth(640, 16), 40_960, rtol=1e-12)


@given(st.floats(1, 1e7), st.floats(0.5, 4096))
def test_round_trip(iops, block):
    assert_allclose(bandwidth.iops_from_bandwidth(bandwidth.bandwidth_mibps(iops, block), block), iops, rtol=1e-9)


def test_vectorised():
    out = bandwidth.bandwidth_mibps(np.array([1024, 2048]), 1)
    assert_allclose(out, [1.0, 2.0], rtol=1e-12)  # 1 KiB x 1024/s = 1 MiB/s


def test_blend_is_harmonic():
    # half the bytes at 1,000 MiB/s and half at 100: 1 / (0.5 / 1000 + 0.5 / 100) = 181.8 MiB/s
    assert_allclose(bandwidth.blended_throughput_mibps([0.5, 0.5], [1000, 100]), 1 / (0.5 / 1000 + 0.5 / 100))
    with pytest.raises(ValueError, match="shares must sum to 1"):
        bandwidth.blended_throughput_mibps([0.5, 0.4], [1000, 100])
    with pytest.raises(ValueError, match="shares and throughputs_mibps must be of one length"):
        bandwidth.blended_throughput_mibps([1.0], [1000, 100])


def test_read_around_costs_two_faults_below_four_pages():
    # A 4,000-byte document at a random offset of a 4,096-byte page straddles two pages with probability 4000/4096.
    s = 4000 / 4096
    r = bandwidth.read_around(4000 / 1024, [0, 4, 8, 12, 16, 64])
    assert_allclose(r["faults"], [1 + s, 1 + s, 1 + s, 1, 1, 1], rtol=1e-12)
    # one page, then the second; two pages (p-1, p), then p+1; from three pages on one window covers both
    assert_allclose(r["kib"], [4 * (1 + s), 4 * (1 + s), 4 * (2 + s), 12, 16, 64], rtol=1e-12)


def test_read_around_of_a_record_larger_than_a_page():
    # 10 KiB on 4 KiB pages touches 3 or 4 pages; a 16 KiB window (a = 1 page ahead) needs two faults either way
    r = bandwidth.read_around(10, 16)
    assert (r["faults"], r["kib"]) == (2, 24)


@settings(deadline=None)
@given(st.floats(1, 1e4), st.floats(1e-4, 1))
def test_first_read_share_is_between_one_read_a_window_and_all(window, fraction):
    share = bandwidth.first_read_share(window, fraction)
    assert 1 / window * (1 - 1e-9) <= share <= 1 + 1e-12


def test_first_read_share_of_the_test():
    # 3 M of 150 M documents (2 %): one document a window, every read fetches it; 16 documents, (1 - 0.98^16) / 0.32
    assert bandwidth.first_read_share(1, 0.02) == pytest.approx(1.0)
    assert_allclose(bandwidth.first_read_share(16, 0.02), (1 - 0.98 ** 16) / 0.32, rtol=1e-12)


def test_a_window_on_raid0_touches_the_disks_its_chunks_are_on():
    # brute force: every page-aligned start in a chunk, the set of disks the window's pages are on (chunk i on disk
    # i mod disks), averaged
    def touched(window_kib, chunk_kib, disks, page=4):
        starts = range(0, chunk_kib, page)
        return np.mean([len({(o + p) // chunk_kib % disks for p in range(0, window_kib, page)}) for o in starts])

    for window, chunk, disks in ((4, 64, 4), (8, 64, 4), (64, 64, 4), (128, 64, 4), (512, 64, 4), (64, 128, 4),
                                 (256, 64, 2), (512, 256, 8)):
        assert_allclose(bandwidth.raid0_disk_ios(window, chunk, disks), touched(window, chunk, disks), rtol=1e-12)
    assert_allclose(bandwidth.raid0_disk_ios([4, 64], 64, 4), [1, 1 + 60 / 64], rtol=1e-12)
