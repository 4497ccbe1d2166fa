import numpy as np
import pytest
from numpy.testing import assert_allclose

from storageperf.concepts import units


def test_hpc_module_bandwidth_is_binary():
    # HPC/EDA module: "100,000 IOPS * 16KB = 1,600,000 KB/s = 1.53 GB/s" (only true in KiB and GiB)
    assert_allclose(units.convert(1_600_000, "KiB/s", "GiB/s"), 1.53, atol=0.005)
    assert_allclose(units.convert(1_600_000, "KB/s", "GB/s"), 1.6, rtol=1e-12)


def test_network_link_to_mibps():
    # Standard_D32_v5: 16,000 Mbps (Dv5-series table); 16e9 bit/s / 8 / 2**20 = 1907.35 MiB/s
    assert_allclose(units.convert(16_000, "Mbps", "MiB/s"), 16e9 / 8 / 2**20, rtol=1e-12)
    assert_allclose(units.convert(16_000, "Mbps", "MB/s"), 2000, rtol=1e-12)


@pytest.mark.parametrize("unit, ratio", [("KiB", 1.024), ("MiB", 1.048576), ("TiB", 1.099511627776)])
def test_binary_to_decimal_ratio(unit, ratio):
    # IEC 80000-13: Ki = 2**10, Mi = 2**20, Ti = 2**40; SI: k = 1e3, M = 1e6, T = 1e12
    assert_allclose(units.binary_to_decimal_ratio(unit), ratio, rtol=1e-12)


def test_convert_round_trip_and_arrays():
    x = np.array([1.0, 50.0, 1024.0])
    assert_allclose(units.convert(units.convert(x, "TiB", "GB"), "GB", "TiB"), x, rtol=1e-12)
    assert units.convert(1, "GiB", "MiB") == 1024.0  # IEC 80000-13


def test_hours_per_month():
    # 365 days x 24 h / 12 months, the 730 h Microsoft's cost examples use
    assert units.HOURS_PER_MONTH == 730


def test_convert_rejects_size_to_rate():
    with pytest.raises(ValueError, match=r"must be of one kind \(both a size\), got 'MiB' \(a size\) and 'MiB/s' \(a rate\)"):
        units.convert(1, "MiB", "MiB/s")


@pytest.mark.parametrize("bad", ["furlong", "mib", None, 3])
def test_convert_rejects_unknown_unit(bad):
    with pytest.raises(ValueError, match="from_unit must be one of"):
        units.convert(1, bad, "MiB")


def test_binary_ratio_rejects_decimal_unit():
    with pytest.raises(ValueError, match="binary_unit must be one of KiB, MiB, GiB, TiB, PiB; got 'MB'"):
        units.binary_to_decimal_ratio("MB")
