"""The data package: valid, and every row says where it comes from."""
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from storageperf import data

PROVENANCE = ["document", "location", "how_read"]
TABLES = [r["name"] for r in data.package()["resources"]]


def test_frictionless_validate():
    exe = Path(sys.executable).with_name("frictionless")
    out = subprocess.run([str(exe), "validate", "--json", str(data.DATA_DIR / "datapackage.json")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]


def test_descriptor_is_generated_from_its_spec():
    # datapackage.json is generated from datapackage.spec.yaml (python tools/datapackage.py), never edited by hand.
    from tools import datapackage as generator

    message = generator.difference()  # None when data/datapackage.json is what the spec generates
    assert message is None, message


#: Tables the price refresh (tools/prices.py) writes with the rows its answer lists, which may be none: the Azure
#: Retail Prices snapshot of 2026-01-29 lists no reservation price for Azure NetApp Files.
MAY_BE_EMPTY = {"azure_netapp_files_reservations"}


@pytest.mark.parametrize("name", TABLES)
def test_every_table_loads_and_cites_known_documents(name):
    table = data.load(name)
    assert len(table) > 0 or name in MAY_BE_EMPTY
    if "document" in table:
        known = set(data.load("documents")["id"])
        assert set(table["document"]) <= known


# documents and fio_samples are themselves provenance: a document's address and licence; a sample's command line,
# machine, date and licence.
@pytest.mark.parametrize("name", [t for t in TABLES if t not in ("documents", "source_discrepancies", "fio_samples")])
def test_every_row_has_provenance(name):
    table = data.load(name)
    assert set(PROVENANCE) <= set(table.columns), f"{name} lacks provenance columns"
    assert table[PROVENANCE].notna().all().all()
    if "quote" in table:
        assert table.loc[table["how_read"].isin(["exact", "derived"]), "quote"].notna().all()
    if "resolution" in table:
        assert table.loc[table["how_read"] == "chart", "resolution"].notna().all()


def test_the_unit_is_the_numbers_and_the_sources_label_is_kept_beside_it():
    # The HPC/EDA module writes "10TB" and "16KB" for 10 TiB and 16 KiB (hpc-eda-01, hpc-eda-02): unit is the unit the
    # number is in, and the module's label stays in unit_as_written; a label that is the unit is not repeated.
    hpc = data.load("hpc_eda_module").set_index("id")
    assert tuple(hpc.loc["example_quota", ["unit", "unit_as_written"]]) == ("TiB", "TB")
    assert tuple(hpc.loc["example_transfer_size", ["unit", "unit_as_written"]]) == ("KiB", "KB")
    assert hpc.loc["example_iops", "unit_as_written"] is pd.NA


#: The columns of a discrepancy that may name a row.
_SAID = ["quote", "problem", "arithmetic", "resolution"]


def _unexplained_labels(name, table, readings, discrepancies):
    """Rows of ``table`` whose label as written is not their unit and that no reading of the package and no
    discrepancy of their document (naming the row's id) explains; and rows that repeat their unit as written."""
    rules = {(r["document"], r["written"], r["unit"]) for r in readings}
    said = {doc: " ".join(d[_SAID].fillna("").to_numpy().ravel()) for doc, d in discrepancies.groupby("document")}
    out = []
    for row in table[table["unit_as_written"].notna()].itertuples():
        if row.unit_as_written == row.unit:
            out.append(f"{name} {row.id}: unit_as_written repeats its unit {row.unit!r}: leave it blank")
        elif ((row.document, row.unit_as_written, row.unit) not in rules
              and not re.search(rf"\b{re.escape(row.id)}\b", said.get(row.document, ""))):
            out.append(f"{name} {row.id}: written {row.unit_as_written!r} but in {row.unit!r}, and neither a unit "
                       f"reading of the package nor a discrepancy of {row.document} says why")
    return out


LABELLED = [t for t in TABLES if "unit_as_written" in data.load(t).columns]


def test_every_label_that_is_not_the_unit_is_a_stated_reading_or_a_discrepancy():
    # TR-4816's "MBps" are Google's MiB/s (cvo-google-cloud-02), its "TB" NetApp's TiB (a reading of the package):
    # a row whose label and unit differ says why, in the package's unitReadings or a discrepancy naming the row.
    readings, discrepancies = data.package()["unitReadings"], data.load("source_discrepancies")
    assert LABELLED, "no table keeps a source's label beside its unit"
    unexplained = [m for t in LABELLED for m in _unexplained_labels(t, data.load(t), readings, discrepancies)]
    assert not unexplained, "\n".join(unexplained)
    # and every reading reads at least one row of a known document
    labelled = pd.concat([data.load(t)[["document", "unit", "unit_as_written"]] for t in LABELLED])
    used = set(zip(labelled["document"], labelled["unit_as_written"], labelled["unit"]))
    assert [r for r in readings if (r["document"], r["written"], r["unit"]) not in used] == []
    assert {r["document"] for r in readings} <= set(data.load("documents")["id"])


def test_a_label_no_reading_or_discrepancy_explains_fails():
    # A copy of TR-4816's setup: n1-standard-8's memory relabelled "GB" read as GiB names no discrepancy and no
    # reading; a reading taken away leaves its rows unexplained; a label that repeats the unit is not one.
    readings, discrepancies = data.package()["unitReadings"], data.load("source_discrepancies")
    table = data.load("cvo_google_cloud_setup")
    assert _unexplained_labels("cvo_google_cloud_setup", table, readings, discrepancies) == []
    relabelled = table.copy()
    relabelled.loc[relabelled["id"] == "n1s8_memory", "unit_as_written"] = "GB"
    assert [m.split(":")[0] for m in _unexplained_labels("cvo_google_cloud_setup", relabelled, readings,
                                                          discrepancies)] == ["cvo_google_cloud_setup n1s8_memory"]
    without_tb = [r for r in readings if (r["document"], r["written"]) != ("netapp-tr-4816", "TB")]
    assert len(_unexplained_labels("cvo_google_cloud_setup", table, without_tb, discrepancies)) == len(
        table[table["unit_as_written"] == "TB"]) > 0
    repeated = table.copy()
    repeated.loc[repeated["id"] == "n1s8_vcpu", "unit_as_written"] = "vCPU"
    assert "repeats its unit" in " ".join(_unexplained_labels("cvo_google_cloud_setup", repeated, readings,
                                                                discrepancies))


def test_value_in_the_unit_asked_and_unknown_ids():
    # Service levels (2026-01-29): Ultra 128 MiB/s per TiB; 128 x 2^20 B/s per 2^40 B = 128 x 2^20 / 2^40 x 10^12 / 10^6
    assert data.value("azure_netapp_files_limits", "throughput_per_tib_ultra", "MiB/s per TiB") == 128
    assert abs(data.value("azure_netapp_files_limits", "throughput_per_tib_ultra", "MB/s per TB")
               - 128 * 2**20 / 2**40 * 1e12 / 1e6) < 1e-9
    with pytest.raises(ValueError, match="row_id must be an id of the azure_netapp_files_limits table; got 'nope'"):
        data.value("azure_netapp_files_limits", "nope", "MiB/s")
    with pytest.raises(ValueError, match="unit must be one that MiB/s per TiB converts to"):
        data.value("azure_netapp_files_limits", "throughput_per_tib_ultra", "MiB/s")
    with pytest.raises(ValueError, match="name must be one of"):
        data.load("nope")


def test_load_returns_a_copy():
    a = data.load("azure_netapp_files_limits")
    a.loc[0, "value"] = -1
    assert data.load("azure_netapp_files_limits").loc[0, "value"] != -1


def test_a_fact_is_transcribed_once():
    # One fact, one row: a number a document states is in one table only (a platform's limit in its platform
    # table, not again in a source's setup table), so no two tables share a document, a place in it, a value and a
    # unit. (Before the platform tables, the P30's 5,000 IOPS was in two tables and this failed.)
    rows = [data.load(name).assign(table=name) for name in data.names()]
    cols = ["document", "location", "value", "unit"]
    facts = pd.concat([r[cols + ["table", "id"]] for r in rows if set(cols) <= set(r.columns)])
    facts = facts[facts["document"].notna()].drop_duplicates(cols + ["table"])
    twice = facts[facts.duplicated(cols, keep=False)]
    assert twice.empty, twice.to_string()


def test_describe_gives_units():
    fields = data.describe("azure_netapp_files_prices").set_index("name")
    assert "US dollars" in fields.loc["price_usd", "description"]


def test_no_duplicate_numbers_with_different_values_across_limit_tables():
    # The HPC module's Premium rate must agree with Microsoft's service-level table.
    hpc = data.load("hpc_eda_module").set_index("id")
    assert hpc.loc["premium_throughput_per_tib", "value"] == data.value("azure_netapp_files_limits",
                                                                       "throughput_per_tib_premium", "MiB/s per TiB")


def _spellings(value):
    """The ways a source may print ``value``: 16000 as 16000, 16,000, 16 000 or 16k; 3000000 as 3 million; 3 as three, Three or 3.0;
    0.02 as 0.020000."""
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    if float(value).is_integer():
        n = int(value)
        out = {str(n), f"{n:,}", f"{n:,}".replace(",", " "), f"{n}.0"}
        if n and n % 1000 == 0:
            out |= {f"{n // 1000}k", f"{n // 1000}K"}
        if n and n % 1_000_000 == 0:
            out.add(f"{n // 1_000_000} million")
        if n < len(words):
            out |= {words[n], words[n].capitalize()}
        return out
    fixed = {f"{value:.{d}f}" for d in range(1, 9) if float(f"{value:.{d}f}") == value}  # 0.02 as 0.020000
    return {f"{value:g}", f"{value}", f"{value:,}"} | fixed


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
    from storageperf_book import discrepancies

    html = discrepancies("anf-hpc-module").data
    ids = data.load("source_discrepancies").query("document == 'anf-hpc-module'")["id"]
    assert html.count("<details") == len(ids) and all(i in html for i in ids)
    with pytest.raises(ValueError, match="document must be an id with rows"):
        discrepancies("nope")


# Every document with its address: a permalink to the revision read where the data records one.
_COMMIT = re.compile(r"\bcommit ([0-9a-f]{7,40})\b")
_BLOB = re.compile(r"https://github\.com/(?P<repo>[\w.-]+/[\w.-]+)/blob/(?P<commit>[0-9a-f]{40})/(?P<path>\S+)")
_HISTORY = re.compile(r"https://github\.com/(?P<repo>[\w.-]+/[\w.-]+)/commits/main/(?P<path>\S+)")


def test_every_document_has_an_https_address_and_says_how_it_was_formed():
    documents = data.load("documents")
    fields = next(r for r in data.package()["resources"] if r["name"] == "documents")["schema"]["fields"]
    kinds = next(f for f in fields if f["name"] == "url_kind")["constraints"]["enum"]
    assert documents["url"].str.fullmatch(r"https://\S+").all(), documents.loc[~documents["url"].str.startswith(
        "https://"), "id"].tolist()
    assert documents["url_kind"].isin(kinds).all()


def test_a_document_read_at_a_commit_links_to_the_file_at_that_full_commit():
    # "MicrosoftDocs/azure-docs articles/x.md (commit 8aa2...)" -> https://github.com/MicrosoftDocs/azure-docs/blob/
    # 8aa2.../articles/x.md; an abbreviated commit (Azure/azure-netapp-files, "commit 5bd1556") written out in full
    for row in data.load("documents").itertuples():
        commits = _COMMIT.findall(row.where)
        if not commits:
            assert row.url_kind != "commit", f"{row.id}: a permalink to a commit its where does not record"
            continue
        link = _BLOB.fullmatch(row.url)
        assert row.url_kind == "commit" and link, f"{row.id}: read at commit {commits[0]}, linked as {row.url}"
        assert link["commit"].startswith(commits[0]), row.id
        assert link["repo"] in row.where and link["path"] in row.where, row.id


def test_a_document_not_read_at_a_commit_links_to_an_address_its_row_records():
    for row in data.load("documents").itertuples():
        address = row.url.removeprefix("https://")
        if row.url_kind == "history":  # the revision read is known by its ms.date: the file's history holds it
            link = _HISTORY.fullmatch(row.url)
            assert link and link["repo"] in row.where and link["path"] in row.where, row.id
        elif row.url_kind == "archive":  # a capture of a date: web.archive.org/web/<timestamp>/<the page's address>
            capture = re.fullmatch(r"web\.archive\.org/web/\d{14}/https?://(\S+)", address)
            assert capture and address in row.where and capture[1] in row.where, row.id
        elif row.url_kind == "repository":  # a repository, or a file in its default branch (HEAD)
            assert all(part in row.where for part in address.split("/blob/HEAD/")), row.id
        elif row.url_kind == "page":  # the address the document or the copy read states
            assert address in row.where, row.id
        elif row.url_kind == "publisher-pattern":  # none recorded: the publisher's address for a report's number
            assert re.search(r"tr-\d+", address)[0] in row.where.lower(), row.id
