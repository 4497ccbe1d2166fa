import pandas as pd
import pytest
from numpy.testing import assert_allclose

from storageperf.concepts import compare
from storageperf.sources import cassandra_disk_caching, cool_access, cvo_google_cloud, hpc_eda, large_volumes


def test_relative_error_is_signed_and_relative():
    assert_allclose(compare.relative_error([110, 90], [100, 100]), [0.1, -0.1])


def test_table_puts_the_standard_columns_first():
    t = compare.table(pd.DataFrame({"id": ["a", "b"], "x": [1.0, 2.0], "got": [10.0, 20.0], "pred": [11.0, 18.0],
                                    "why": ["q", "c"]}),
                      measured="got", model="pred", binding="why", document="doc")
    assert list(t.columns) == list(compare.COLUMNS) + ["x"]
    assert_allclose(t["relative_error"], [0.1, -0.1])
    assert list(t["binding"]) == ["q", "c"] and list(t["document"]) == ["doc", "doc"]


@pytest.mark.parametrize("make", [lambda: cassandra_disk_caching.comparison("ops_per_s"), cvo_google_cloud.comparison,
                                  hpc_eda.comparison, large_volumes.comparison])
def test_every_source_compares_in_the_standard_shape(make):
    t = make()
    assert list(t.columns[:len(compare.COLUMNS)]) == list(compare.COLUMNS)
    assert t["id"].is_unique and t["document"].notna().all()


def test_a_missing_column_is_named():
    with pytest.raises(ValueError, match="model must be a column of frame"):
        compare.table(pd.DataFrame({"id": ["a"], "got": [1.0]}), measured="got", model="pred")
