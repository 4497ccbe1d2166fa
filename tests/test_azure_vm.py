import math

import pytest

from storageperf import data
from storageperf.concepts import units
from storageperf.platforms import azure_vm


def test_limits_in_the_unit_asked():
    # Standard_DS14_v2 (Dv2/DSv2 size table, 2020-02-03): 512 MBps cached; P30 (Premium SSD sizes): 5,000 IOPS
    assert azure_vm.limit("Standard_DS14_v2", "cached_mb_per_s", "MB/s") == 512
    assert azure_vm.limit("Standard_DS14_v2", "cached_mb_per_s", "MiB/s") == pytest.approx(512e6 / 2**20)
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


def test_the_dsv2_sizes_and_premium_disks():
    # DSv2-series table (2020-02-03): Standard_DS13_v2 "32000/256 (288) | 25600/384"; Premium SSD sizes (2023-03-16):
    # P40 base 7,500 IOPS, 250 MB/s
    p = azure_vm.disk_paths("Standard_DS13_v2", "P40", 4)
    assert p["cached"] == {"iops": 32_000, "mb_per_s": 256} and p["cache_gib"] == 288
    assert p["uncached"] == {"iops": 25_600, "mb_per_s": 384}  # the VM binds both: 4 x 7,500 and 4 x 250 are more
    assert (p["uncached_iops_binding"], p["uncached_throughput_binding"]) == ("VM uncached", "VM uncached")
    # DS15_v2 "80000/640 (720) | 64000/960"; P20 base 2,300 IOPS, 150 MB/s: four P20 bind the uncached path
    p = azure_vm.disk_paths("Standard_DS15_v2", "P20", 4)
    assert p["uncached"] == {"iops": 9_200, "mb_per_s": 600} and p["uncached_iops_binding"] == "disks"
    assert azure_vm.DISK_SIZES == ("Standard_DS12_v2", "Standard_DS13_v2", "Standard_DS14_v2", "Standard_DS15_v2")
    assert set(azure_vm.DISKS) == {"P20", "P30", "P40", "P50"}


def test_sizes_without_disk_limits_are_refused_by_name():
    with pytest.raises(ValueError, match="vm_size must be one of Standard_DS12_v2"):
        azure_vm.disk_path_limits("Standard_E16d_v5", "None", "P30", 4)
    # the network sizes still work
    assert azure_vm.network_mibps("Standard_E16d_v5") > 0 and "Standard_E16d_v5" in azure_vm.NETWORK_SIZES


def test_host_caching_is_refused_on_disks_of_4_tib_and_larger():
    # Premium Storage: Design for high performance (ms.date 2021-06-29): "Disk caching isn't supported for disks 4 TiB
    # and larger"; P50 is 4,096 GiB (Premium SSD sizes, 2023-03-16). Premium SSD v2 (2023-03-27) and Ultra Disk
    # (2023-03-27) support no host caching.
    assert azure_vm.host_caching_supported("P40") and not azure_vm.host_caching_supported("P50")
    assert not azure_vm.host_caching_supported("Premium SSD v2") and not azure_vm.host_caching_supported("Ultra Disk")
    assert azure_vm.limit("Premium SSD", "host_cache_below", "GiB") == 4096
    with pytest.raises(ValueError, match="caching must be None on P50: P50 is 4,096 GiB and host caching needs a disk "
                                         "under 4 TiB; got 'ReadOnly'"):
        azure_vm.disk_path_limits("Standard_DS14_v2", "ReadOnly", "P50", 4)
    with pytest.raises(ValueError, match="Ultra Disk supports no host caching"):
        azure_vm.check_host_caching("ReadOnly", "Ultra Disk")
    # uncached on a P50 is fine, and the VM's cached limit (the temporary disk's) is still reported
    p = azure_vm.disk_paths("Standard_DS14_v2", "P50", 4)
    assert p["uncached"]["iops"] == 30_000 and p["cached"]["mb_per_s"] == 512 and p["host_caching"] is False


def _limits_with_dates():
    from storageperf import data

    docs = data.load("documents").set_index("id")
    table = data.load("azure_vm_limits")
    return table.assign(date=table["document"].map(docs["date"]), where=table["document"].map(docs["where"]))


def test_the_dsv2_limits_cite_the_size_table_in_its_current_repository():
    # The DSv2 11-15 table moved to MicrosoftDocs/azure-compute-docs; its revision of 2022-12-21 states the 2020 rows
    # word for word, so every DS12_v2 to DS15_v2 row cites that revision (not the 2020-02-03 copy).
    table = _limits_with_dates()
    dsv2 = table[table["resource"].isin(azure_vm.DISK_SIZES)]
    assert len(dsv2) == 33
    assert (dsv2["date"] >= "2022-12-21").all(), dsv2.loc[dsv2["date"] < "2022-12-21", "id"].tolist()
    assert dsv2["where"].str.startswith("MicrosoftDocs/azure-compute-docs").all()
    rule = table.set_index("id").loc["premium_ssd_host_cache_below"]
    assert rule["where"].startswith("MicrosoftDocs/azure-compute-docs") and rule["value"] == 4


def test_the_edsv6_sizes_give_uncached_limits_and_no_cached_limit():
    # Edsv6 size table (ms.date 2024-08-01): "| Standard_E16ds_v6 | 48 | 25600 | 848 | ..." (uncached Premium SSD);
    # it supports Premium Storage caching but publishes no cached limit and no cache size.
    table = _limits_with_dates().set_index("id")
    assert (table.loc["e16ds_v6_uncached_iops", "value"], table.loc["e16ds_v6_uncached_mb_per_s", "value"]) == (
        25_600, 848)
    edsv6 = table[table["resource"].str.endswith("ds_v6")]
    # the whole family, smallest first, the size whose row does not add up left out of what is sized
    assert set(edsv6["resource"]) == {*azure_vm.UNCACHED_SIZES, *azure_vm.DOUBTFUL}
    vcpus = [azure_vm.limit(e, "vcpus", "vCPUs") for e in azure_vm.UNCACHED_SIZES]
    assert vcpus == sorted(vcpus) and len(vcpus) == len(set(vcpus)) > len(azure_vm.DISK_SIZES)
    assert not [i for i in edsv6.index if ("cached" in i and "uncached" not in i) or "cache_size" in i]
    # each DSv2 size's successor has its vCPUs
    for ds, e in azure_vm.SUCCESSORS.items():
        assert azure_vm.limit(ds, "vcpus", "vCPUs") == azure_vm.limit(e, "vcpus", "vCPUs")
    assert list(azure_vm.SUCCESSORS) == list(azure_vm.DISK_SIZES)


def test_a_size_whose_row_does_not_add_up_is_named_in_the_discrepancies_and_sized_on_by_nothing():
    # Edsv6 size table, Remote storage tab: E192ids_v6's burst throughput is below its sustained one
    for size in azure_vm.DOUBTFUL:
        assert azure_vm.limit(size, "burst_mb_per_s", "MB/s") < azure_vm.limit(size, "uncached_mb_per_s", "MB/s")
        assert size not in sum(azure_vm.FAMILIES.values(), ())
    others = azure_vm.UNCACHED_SIZES
    assert all(azure_vm.limit(s, "burst_mb_per_s", "MB/s") >= azure_vm.limit(s, "uncached_mb_per_s", "MB/s")
               for s in others)
    named = data.load("source_discrepancies")
    assert named["resolution"].str.contains("azure_vm.DOUBTFUL").any()


def test_a_size_sold_today_gives_its_uncached_path_and_refuses_a_cached_one():
    # Edsv6 size table (ms.date 2024-08-01): "| Standard_E16ds_v6 | 48 | 25600 | 848 |" (uncached Premium SSD); four
    # P30 (Premium SSD sizes: 5,000 IOPS, 200 MB/s each) bind both; a fifth leaves the VM's 848 MB/s binding
    p = azure_vm.disk_path_limits("Standard_E16ds_v6", "None", "P30", 4)
    assert (p["throughput_mb_per_s"], p["throughput_binding"]) == (800, "disks")
    assert (p["iops"], p["iops_binding"]) == (20_000, "disks")
    five = azure_vm.disk_path_limits("Standard_E16ds_v6", "None", "P30", 5)
    assert (five["throughput_mb_per_s"], five["throughput_binding"]) == (848, "VM uncached")
    with pytest.raises(ValueError, match="caching 'ReadOnly' has no published limit on vm_size 'Standard_E16ds_v6'"):
        azure_vm.disk_path_limits("Standard_E16ds_v6", "ReadOnly", "P30", 4)
    assert [azure_vm.limit(azure_vm.SUCCESSORS[d], "vcpus", "vCPUs") for d in azure_vm.DISK_SIZES] == [
        azure_vm.limit(d, "vcpus", "vCPUs") for d in azure_vm.DISK_SIZES]


def test_the_dsv2_sizes_are_end_of_life():
    # VM size series retirements (ms.date 2026-09-24): "| Dsv2-series | **Announced** | [03/31/25](...) | 05/01/28 |";
    # "New subscriptions can't deploy the affected VM series."
    for size in azure_vm.DISK_SIZES:
        status = azure_vm.sale_status(size)
        assert (status["stage"], status["retires"], status["new_subscriptions"]) == ("End of Life", "2028-05-01", False)
    assert azure_vm.sale_status("Standard_DS14_v2")["text"] == (
        "End of Life: retires 2028-05-01; new subscriptions cannot deploy it")
    with pytest.raises(ValueError, match="vm_size must be one of Standard_DS12_v2"):
        azure_vm.sale_status("Standard_DS11_v2")


def test_the_edsv6_sizes_are_sold_today():
    # VM lifecycle overview (ms.date 2026-09-24): "Current | Adopt and expand"; Edsv6 is in no End of Life list
    for size in azure_vm.UNCACHED_SIZES:
        status = azure_vm.sale_status(size)
        assert (status["stage"], status["retires"], status["new_subscriptions"]) == ("Current", None, True)


def test_a_size_sold_today_bursts_above_its_sustained_limits_for_a_while():
    # Edsv6 size table (ms.date 2024-08-01), Remote storage tab: "| Standard_E16ds_v6 | 48 | 25600 | 848 | 40000 | 1250 |"
    # (uncached IOPS, MB/s, burst IOPS, burst MB/s); note 1: "Burst speeds can be maintained for up to 30 minutes at a
    # time." Premium SSD sizes: P30 5,000 IOPS, 200 MB/s. Four P30 bind the burst as they bind the sustained path.
    four = azure_vm.burst_path_limits("Standard_E16ds_v6", "P30", 4)
    assert (four["throughput_mb_per_s"], four["iops"], four["throughput_binding"]) == (800, 20_000, "disks")
    eight = azure_vm.burst_path_limits("Standard_E16ds_v6", "P30", 8)
    assert (eight["throughput_mb_per_s"], eight["iops"]) == (1250, 40_000)
    assert (eight["throughput_binding"], eight["iops_binding"]) == ("VM burst", "VM burst")
    sustained = azure_vm.disk_path_limits("Standard_E16ds_v6", "None", "P30", 8)
    assert (sustained["throughput_mb_per_s"], sustained["iops"]) == (848, 25_600)  # the baseline, not the burst
    assert eight["minutes"] == 30 and azure_vm.limit("Standard_E16ds_v6", "burst_iops", "IOPS") == 40_000
    assert set(azure_vm.BURST_SIZES) == set(azure_vm.UNCACHED_SIZES)


def test_the_burst_duration_is_a_dated_row_of_the_size_page():
    from storageperf import data

    row = data.load("azure_vm_limits").set_index("id").loc["edsv6_burst_minutes"]
    assert (row["value"], row["unit"], row["document"], row["how_read"]) == (30, "min", "azure-edsv6", "exact")
    assert "Burst speeds can be maintained for up to 30 minutes at a time." in row["quote"]
    documents = data.load("documents").set_index("id")
    assert str(documents.loc["azure-edsv6", "date"]) == "2024-08-01"  # the page's ms.date
    assert str(documents.loc["azure-vm-bursting", "date"]) == "2025-01-14"


BAD_INPUT = [
    (azure_vm.burst_path_limits, {"vm_size": "Standard_E16ds_v6", "disk": "P30", "disk_count": 4}, "vm_size",
     [("Standard_DS14_v2", f"vm_size must be one of {', '.join(azure_vm.BURST_SIZES)}; got 'Standard_DS14_v2'")]),
    (azure_vm.burst_path_limits, {"vm_size": "Standard_E16ds_v6", "disk": "P30", "disk_count": 4}, "disk",
     [("P99", "disk must be one of P20, P30, P40, P50; got 'P99'")]),
    (azure_vm.burst_path_limits, {"vm_size": "Standard_E16ds_v6", "disk": "P30", "disk_count": 4}, "disk_count",
     [(0, "disk_count must be between 1 and 64, got 0"), (65, "got 65"), ("four", "must be a number"),
      (3.5, "disk_count must be a whole number, got 3.5")]),
]


def test_bad_input(bad_input):
    bad_input.check()


def test_a_vm_month_is_its_listed_hourly_price_for_every_hour_of_a_month():
    # Azure Retail Prices (2026-06-18), eastus: "Standard_E32ds_v6": 2.616000 an hour
    table = data.load("azure_vm_prices").set_index(["region", "vm_size"])
    for (region, size), usd in table["price_usd"].items():
        assert azure_vm.vm_monthly_cost_usd(size, region) == pytest.approx(usd * units.HOURS_PER_MONTH, rel=1e-12)
    # a size the table lists somewhere but not in a region: no price there, said as NaN
    listed = table.index.get_level_values("vm_size")
    region, size = next((r, s) for r in azure_vm.price_regions() for s in set(listed) if (r, s) not in table.index)
    assert math.isnan(azure_vm.vm_monthly_cost_usd(size, region))
    with pytest.raises(ValueError, match=r"^region must be one of .*; got 'mars'$"):
        azure_vm.vm_monthly_cost_usd("Standard_E32ds_v6", "mars")


def test_within_a_family_a_larger_size_never_costs_less():
    for sizes in azure_vm.FAMILIES.values():
        for region in azure_vm.price_regions():
            usd = [azure_vm.vm_monthly_cost_usd(s, region) for s in sizes]
            priced = [u for u in usd if not math.isnan(u)]
            assert priced == sorted(priced), (region, sizes)


@pytest.mark.parametrize("gib, iops, mb", [(4096, 240_000, 1966), (100, 0, 0), (70_000, 1000, 10), (10, 2000, 1900),
                                           (500, 90_000, 100), (1, 5000, 0)])
def test_premium_ssd_v2_disks_keep_every_rule_and_are_the_fewest(gib, iops, mb):
    # Microsoft, "Azure managed disk types" (2026-08-11): up to 80,000 IOPS and 2,000 MB/s a disk, 500 IOPS a GiB,
    # 0.25 MB/s an IOPS set, 3,000 IOPS and 125 MB/s free, up to 64 TiB
    r = azure_vm.premium_v2_rules()
    d = azure_vm.premium_v2_disks(gib, iops, mb)
    assert d["size_gib"] <= r["max_size"] and d["iops"] <= r["max_iops"] and d["mb_per_s"] <= r["max_mb_per_s"]
    assert d["iops"] <= r["iops_per_gib"] * d["size_gib"] and d["mb_per_s"] <= r["mb_per_s_per_iops"] * d["iops"]
    assert d["iops"] >= r["baseline_iops"] and d["mb_per_s"] >= r["baseline_mb_per_s"]
    assert d["disks"] * d["size_gib"] >= gib and d["total_iops"] >= iops * (1 - 1e-12)
    assert d["total_mb_per_s"] >= mb * (1 - 1e-12) and d["size_gib"] == int(d["size_gib"])
    # one disk fewer could not: it would hold less, or be set past a disk's maxima
    fewer = d["disks"] - 1
    assert fewer == 0 or (fewer * r["max_size"] < gib or fewer * r["max_iops"] < iops or fewer * r["max_mb_per_s"] < mb)


def test_an_l_series_sizes_local_nvme_is_its_page_row_in_tib():
    # Lsv3 page, Local storage tab: L16s_v3 has 2 NVMe disks of 1.92 TB, 800,000 IOPS and 4,000 MB/s; L80s_v3 10
    # disks; the page's TB are decimal: 2 x 1.92 x 10^12 bytes is 3.49 TiB, not 3.84
    d = azure_vm.local_nvme("Standard_L16s_v3")
    assert (d["disks"], d["iops"], d["mb_per_s"]) == (2, 800_000, 4_000)
    assert d["capacity_tib"] == pytest.approx(2 * 1.92e12 / 2 ** 40, rel=1e-12)
    assert azure_vm.local_nvme("Standard_L80s_v3")["disks"] == 10
    # every size of the two families has its disks, and more disks never give less
    for family in ("Lsv3", "Lasv3"):
        caps = [azure_vm.local_nvme(s)["capacity_tib"] for s in azure_vm.FAMILIES[family]]
        assert caps == sorted(caps) and len(caps) == 6
    with pytest.raises(ValueError, match="vm_size must be one of Standard_L8s_v3, "):
        azure_vm.local_nvme("Standard_E32ds_v6")
