import numpy as np
import pytest
from hypothesis import given
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
