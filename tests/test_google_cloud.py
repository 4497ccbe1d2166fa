import math

import pytest
from numpy.testing import assert_allclose

from storageperf.platforms import google_cloud


def test_vm_price_a_month():
    # Disk and image pricing: n1-standard-8 costs $0.379998 an hour; 730 hours a month
    assert_allclose(google_cloud.vm_monthly_cost_usd("n1-standard-8"), 0.379998 * 730, rtol=1e-12)
    assert math.isnan(google_cloud.vm_monthly_cost_usd("custom-4-16384"))  # no price found
    assert "n1-standard-32" in google_cloud.machine_types_priced()


def test_ssd_persistent_disk_price():
    # $34.00 for 200 GB a month: 0.17 a GB-month; 2 x 4 TB = 8,000 GB
    assert_allclose(google_cloud.ssd_pd_monthly_cost_usd(4, 2), 8_000 * 0.17, rtol=1e-12)


def test_bad_input():
    with pytest.raises(ValueError, match="disk_tb must be greater than 0 TB, got 0"):
        google_cloud.ssd_pd_monthly_cost_usd(0)
    with pytest.raises(TypeError, match="machine_type must be a string"):
        google_cloud.vm_monthly_cost_usd(8)
