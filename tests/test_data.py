"""The data package: valid, and every row says where it comes from."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from storageperf import data

PROVENANCE = ["document", "location", "how_read"]
TABLES = [r["name"] for r in data.package()["resources"]]


def test_frictionless_validate():
    exe = Path(sys.executable).with_name("frictionless")
    out = subprocess.run([str(exe), "validate", "--json", str(data.DATA_DIR / "datapackage.json")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]


@pytest.mark.parametrize("name", TABLES)
def test_every_table_loads_and_cites_known_documents(name):
    table = data.load(name)
    assert len(table) > 0
    if "document" in table:
        known = set(data.load("documents")["id"])
        assert set(table["document"]) <= known


@pytest.mark.parametrize("name", [t for t in TABLES if t not in ("documents", "source_discrepancies")])
def test_every_row_has_provenance(name):
    table = data.load(name)
    assert set(PROVENANCE) <= set(table.columns), f"{name} lacks provenance columns"
    assert table[PROVENANCE].notna().all().all()
    if "quote" in table:
        assert table.loc[table["how_read"].isin(["exact", "derived"]), "quote"].notna().all()
    if "resolution" in table:
        assert table.loc[table["how_read"] == "chart", "resolution"].notna().all()


def test_units_are_kept_as_the_source_writes_them():
    # The HPC/EDA module writes "10TB" and "16KB": the raw table keeps its units; the model converts.
    hpc = data.load("hpc_module").set_index("id")
    assert hpc.loc["example_quota", "unit"] == "TB"
    assert hpc.loc["example_transfer_size", "unit"] == "KB"


def test_limit_lookup_and_unknown_id():
    assert data.limit("throughput_per_tib_ultra")["value"] == 128  # Service levels (2026-01-29)
    with pytest.raises(ValueError, match="limit_id must be an id of data/platform_limits.csv; got 'nope'"):
        data.limit("nope")
    with pytest.raises(ValueError, match="name must be one of"):
        data.load("nope")


def test_load_returns_a_copy():
    a = data.load("platform_limits")
    a.loc[0, "value"] = -1
    assert data.load("platform_limits").loc[0, "value"] != -1


def test_describe_gives_units():
    fields = data.describe("anf_prices").set_index("name")
    assert "US dollars" in fields.loc["price_usd", "description"]


def test_no_duplicate_numbers_with_different_values_across_limit_tables():
    # The HPC module's Premium rate must agree with Microsoft's service-level table.
    hpc = data.load("hpc_module").set_index("id")
    assert hpc.loc["premium_throughput_per_tib", "value"] == data.limit("throughput_per_tib_premium")["value"]


def _spellings(value):
    """The ways a source may print ``value``: 16000 as 16000, 16,000, 16 000 or 16k; 3000000 as 3 million; 3 as three or 3.0."""
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    if float(value).is_integer():
        n = int(value)
        out = {str(n), f"{n:,}", f"{n:,}".replace(",", " "), f"{n}.0"}
        if n and n % 1000 == 0:
            out |= {f"{n // 1000}k", f"{n // 1000}K"}
        if n and n % 1_000_000 == 0:
            out.add(f"{n // 1_000_000} million")
        if n < len(words):
            out.add(words[n])
        return out
    return {f"{value:g}", f"{value}", f"{value:,}"}


@pytest.mark.parametrize("name", [t for t in TABLES if {"value", "quote", "how_read"} <= {
    f["name"] for f in next(r for r in data.package()["resources"] if r["name"] == t)["schema"]["fields"]}])
def test_every_exact_value_is_in_its_quote(name):
    # A value typed wrong (16000 -> 1600) no longer matches the source's own words.
    table = data.load(name)
    exact = table[table["how_read"] == "exact"]
    def found(value, quote):
        return any(re.search(rf"(?<![\d.,]){re.escape(s)}(?![\d]|[.,]\d)", quote) for s in _spellings(value))

    missing = [row.id for row in exact.itertuples() if not found(row.value, str(row.quote))]
    assert not missing, f"{name}: values not found in their quotes: {missing}"


def test_discrepancies_render_every_row_of_a_document():
    from storageperf import site

    html = site.discrepancies("anf-hpc-module").data
    ids = data.load("source_discrepancies").query("document == 'anf-hpc-module'")["id"]
    assert html.count("<details") == len(ids) and all(i in html for i in ids)
    with pytest.raises(ValueError, match="document must be an id with rows"):
        site.discrepancies("nope")
