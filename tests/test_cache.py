import pandas as pd

from storageperf import _cache, data
from storageperf.sources import cassandra_disk_caching, cool_access


def test_a_caller_that_edits_a_cached_table_changes_no_later_call():
    first = cassandra_disk_caching.measured_points()
    first["edited"] = True
    first.iloc[:, 0] = None
    again = cassandra_disk_caching.measured_points()
    assert "edited" not in again.columns and again.iloc[:, 0].notna().all()


def test_a_caller_that_edits_a_cached_dict_changes_no_later_call():
    ends = cool_access.endpoints_mibps()
    key = next(iter(ends))
    ends[key] = -1.0
    assert cool_access.endpoints_mibps()[key] > 0
    data.package()["resources"].clear()
    assert data.package()["resources"]


def test_cached_computes_once_and_hands_out_copies():
    calls = []

    @_cache.cached
    def table(n):
        calls.append(n)
        return pd.DataFrame({"x": range(n)})

    a, b = table(3), table(3)
    assert calls == [3] and a.equals(b) and a is not b
