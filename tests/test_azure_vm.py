import pytest

from storageperf.platforms import azure_vm


def test_limits_in_the_unit_asked():
    # Standard_DS14_v2 (Dv2/DSv2 size table, 2020-02-03): 512 MBps cached; P30 (Premium SSD sizes): 5,000 IOPS
    assert azure_vm.limit("Standard_DS14_v2", "cached_mbps", "MB/s") == 512
    assert azure_vm.limit("Standard_DS14_v2", "cached_mbps", "MiB/s") == pytest.approx(512e6 / 2**20)
    assert azure_vm.limit("P30", "iops", "IOPS") == 5000


def test_the_uncached_path_is_the_smaller_of_vm_and_disks():
    # 4 x P30: 20,000 IOPS < the VM's 51,200; 4 x 200 = 800 MB/s > the VM's 768 MBps
    p = azure_vm.disk_path_limits("Standard_DS14_v2", "None", "P30", 4)
    assert (p["iops"], p["iops_binding"]) == (20_000, "disks")
    assert (p["throughput_mb_per_s"], p["throughput_binding"]) == (768, "VM uncached")
    one = azure_vm.disk_path_limits("Standard_DS14_v2", "None", "P30", 1)
    assert (one["throughput_mb_per_s"], one["throughput_binding"]) == (200, "disks")


def test_unknown_names_are_refused():
    with pytest.raises(ValueError, match="resource must be one of"):
        azure_vm.limit("Standard_D2s_v3", "network", "Mbps")
    with pytest.raises(ValueError, match="quantity must be one of .*; got 'iops'"):
        azure_vm.limit("Standard_DS14_v2", "iops", "IOPS")
    with pytest.raises(ValueError, match="caching must be one of None, ReadOnly; got 'ReadWrite'"):
        azure_vm.disk_path_limits("Standard_DS14_v2", "ReadWrite", "P30", 4)
    with pytest.raises(ValueError, match="disk_count must be between 1 and 64, got 0"):
        azure_vm.disk_path_limits("Standard_DS14_v2", "None", "P30", 0)
