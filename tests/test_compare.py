import importlib
import pkgutil

import pandas as pd
import pytest
from numpy.testing import assert_allclose

import storageperf.sources
from storageperf.concepts import compare


def test_relative_error_is_signed_and_relative():
    assert_allclose(compare.relative_error([110, 90], [100, 100]), [0.1, -0.1])


def test_table_puts_the_standard_columns_first():
    t = compare.table(pd.DataFrame({"id": ["a", "b"], "x": [1.0, 2.0], "got": [10.0, 20.0], "pred": [11.0, 18.0],
                                    "why": ["q", "c"]}),
                      measured="got", model="pred", binding="why", document="doc")
    assert list(t.columns) == list(compare.COLUMNS) + ["x"]
    assert_allclose(t["relative_error"], [0.1, -0.1])
    assert list(t["binding"]) == ["q", "c"] and list(t["document"]) == ["doc", "doc"]


_NAMES = [m.name for m in pkgutil.iter_modules(storageperf.sources.__path__)]
# each chapter's module; a chapter's fit (<name>_fit, cassandra_disk_caching_fit) compares through its chapter's
SOURCES = [importlib.import_module(f"storageperf.sources.{name}") for name in _NAMES
           if name.removesuffix("_fit") == name or name.removesuffix("_fit") not in _NAMES]


@pytest.mark.parametrize("source", SOURCES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_every_source_compares_in_the_standard_shape(source):
    t = source.comparison()
    assert list(t.columns[:len(compare.COLUMNS)]) == list(compare.COLUMNS)
    assert t["id"].is_unique and t["document"].notna().all()


def test_a_missing_column_is_named():
    with pytest.raises(ValueError, match="model must be a column of frame"):
        compare.table(pd.DataFrame({"id": ["a"], "got": [1.0]}), measured="got", model="pred")


def test_error_summary():
    s = compare.error_summary([0.1, -0.2, 0.05])
    assert s == {"median": 0.1, "worst": -0.2, "share_within": 2 / 3, "points": 3}
