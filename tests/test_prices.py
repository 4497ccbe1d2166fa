"""The price refresh (storageperf_book.prices, tools/prices.py) on the recorded answer in tests/fixtures/retail-prices,
and pricing a reservation term (storageperf.platforms.azure_netapp_files.reserved_price). The network is never
touched: every test runs with urllib and sockets refusing to connect."""
import copy
import csv
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import urllib.request
from decimal import Decimal
from pathlib import Path

import pytest

from storageperf import data, studio
from storageperf.platforms import azure_netapp_files as anf
from storageperf_book import prices
from tools import prices as tool

ROOT = Path(__file__).resolve().parent.parent
RECORDED = ROOT / "tests" / "fixtures" / "retail-prices"


@pytest.fixture(autouse=True)
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a test touched the network")
    monkeypatch.setattr(urllib.request, "urlopen", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)


def _pages():
    """The recorded pages, by file name, parsed (to change in a test)."""
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(RECORDED.glob("skip-*.json"))}


def _record(pages, folder):
    folder.mkdir()
    for name, page in pages.items():
        (folder / name).write_text(json.dumps(page), encoding="utf-8")
    return folder


def _data_copy(tmp_path):
    return Path(shutil.copytree(data.DATA_DIR, tmp_path / "data"))


def _item(pages, region, meter):
    return next(i for page in pages.values() for i in page["Items"]
                if i["armRegionName"] == region and i["meterName"] == meter and i["type"] == "Consumption")


def test_the_recorded_answer_reproduces_the_price_table_byte_for_byte(tmp_path, capsys):
    copy_dir = _data_copy(tmp_path)
    # one price of the copy moved (x 1.1), so that the tool must write the table, not leave it as it was
    with open(copy_dir / prices.PRICE_TABLE, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    rows[0]["price_usd"] = str(Decimal(rows[0]["price_usd"]) * Decimal("1.1"))
    (copy_dir / prices.PRICE_TABLE).write_text(prices.csv_text(rows, prices.PRICE_COLUMNS), encoding="utf-8")
    tool.main(["--recorded", str(RECORDED), "--data", str(copy_dir), "--write"])
    assert f"| {rows[0]['region']} | {rows[0]['meter']} | {rows[0]['price_usd']} |" in capsys.readouterr().out
    assert (copy_dir / prices.PRICE_TABLE).read_bytes() == (data.DATA_DIR / prices.PRICE_TABLE).read_bytes()
    # the snapshot lists no reservation: the table is written with its header alone, as committed
    assert (copy_dir / prices.RESERVATION_TABLE).read_bytes() == (data.DATA_DIR / prices.RESERVATION_TABLE).read_bytes()
    assert data.load("azure_netapp_files_reservations").empty


def test_the_committed_tables_against_the_recorded_answer_report_nothing_moved(tmp_path):
    text = prices.refresh(_data_copy(tmp_path), prices.recorded_get(RECORDED))
    assert "No price moved, and no row was added or removed." in text and "| " not in text


def test_every_page_is_followed():
    asked = []
    get = prices.recorded_get(RECORDED)
    pages = prices.read_answer(lambda url: asked.append(url) or get(url))
    assert len(pages) == len(list(RECORDED.glob("skip-*.json"))) > 1
    assert asked[0] == prices.API_URL and asked[1:] == [p["NextPageLink"] for p in pages[:-1]]
    table = prices.tables(pages)["prices"]
    assert len(table) == len(data.load("azure_netapp_files_prices"))
    # the first page alone holds fewer of the rows: a reader that stopped there would lose prices
    first = [i for i in pages[0]["Items"] if i["meterName"] in prices.METERS and i["armRegionName"]]
    assert 0 < len(first) < len(table)


def test_a_moved_price_is_reported_with_its_region_meter_old_and_new_value_and_date(tmp_path):
    pages = _pages()
    item = _item(pages, "eastus", anf.CAPACITY_METERS["Premium"])
    old = item["retailPrice"]
    item["retailPrice"] = float(Decimal(repr(old)) * Decimal("1.1"))
    text = prices.refresh(_data_copy(tmp_path), prices.recorded_get(_record(pages, tmp_path / "answer")))
    moved = [line for line in text.splitlines() if line.startswith("| eastus |")]
    assert moved == [f"| eastus | Premium Capacity | {prices.price_text(old)} | {prices.price_text(item['retailPrice'])}"
                     f" | {item['unitOfMeasure']} | {item['effectiveStartDate'][:10]} |"]
    assert "Rows added" not in text and "Rows removed" not in text
    # the verdicts are those of the region whose price moved, one a reference workload
    verdict_rows = re.findall(r"^\| ([^|]+) \| (\w+) \| .*\| (first option|cost|) \|$", text, re.M)
    assert sorted(w for w, _, _ in verdict_rows) == sorted(studio.REFERENCE_WORKLOADS)
    assert {r for _, r, _ in verdict_rows} == {"eastus"}


def test_a_price_that_changes_the_studios_first_option_is_a_verdict_that_moved(tmp_path):
    # the studio chapter's knowledge-check workload in East US, with the data package as committed
    workload = studio.reference_workloads()[studio.REFERENCE_WORKLOADS[0]]
    before = studio.options(**workload, region="eastus")
    first = before.iloc[0]
    level = next(lv for lv in anf.ALL_SERVICE_LEVELS if f" {lv}," in first["option"])
    meters = [anf.CAPACITY_METERS[level]] + ([anf.THROUGHPUT_METER] if level == "Flexible" else [])
    # raise that level's prices in East US until the cheapest option of another level costs less, and 10 % more
    other = before[before["feasible"] & before["price_complete"] & ~before["option"].str.contains(f" {level},")].iloc[0]
    factor = Decimal(repr(float(1.1 * other["horizon_usd"] / first["horizon_usd"])))
    pages = _pages()
    for meter in meters:
        item = _item(pages, "eastus", meter)
        item["retailPrice"] = float(Decimal(repr(item["retailPrice"])) * factor)
    text = prices.refresh(_data_copy(tmp_path), prices.recorded_get(_record(pages, tmp_path / "answer")))
    row = next(line for line in text.splitlines() if line.startswith(f"| {studio.REFERENCE_WORKLOADS[0]} | eastus |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[2] == first["option"] and cells[3] == f"${first['monthly_usd']:,.0f}"
    assert cells[4] != first["option"] and cells[-1] == "first option"
    for meter in meters:
        assert f"| eastus | {meter} |" in text


def test_an_added_and_a_removed_row_are_reported(tmp_path):
    pages = _pages()
    gone = _item(pages, "westeurope", anf.THROUGHPUT_METER)
    for page in pages.values():
        page["Items"] = [i for i in page["Items"] if i is not gone]
    new = copy.deepcopy(_item(pages, "eastus", anf.CAPACITY_METERS["Ultra"]))
    new.update(armRegionName="newregion", location="New Region")
    pages["skip-0.json"]["Items"].append(new)
    text = prices.refresh(_data_copy(tmp_path), prices.recorded_get(_record(pages, tmp_path / "answer")))
    assert f"Rows added:\n\n- newregion, Ultra Capacity: {prices.price_text(new['retailPrice'])} USD" in text
    assert f"Rows removed:\n\n- westeurope, {anf.THROUGHPUT_METER}: {prices.price_text(gone['retailPrice'])} USD" in text
    # westeurope lost a meter the studio uses: it is no longer a region the studio prices
    assert re.search(r"^\| [^|]+ \| westeurope \| [^|]+ \| \$[\d,]+ \|  \| no prices here \| first option \|$", text, re.M)


@pytest.mark.parametrize("spoil, words", [
    (lambda pages: pages["skip-0.json"].pop("Items"), r"page 1 of the answer .* has no 'Items' list"),
    (lambda pages: pages["skip-0.json"]["Items"][0].update(currencyCode="EUR"), r"priced in 'EUR'.*US dollars"),
    (lambda pages: [p.update(Items=[i for i in p["Items"] if i["meterName"] != "Ultra Capacity"])
                    for p in pages.values()], r"no price for 'Ultra Capacity' in any region; the guide needs"),
    (lambda pages: pages["skip-0.json"]["Items"][0].pop("retailPrice"), r"item 1 of page 1 .* lacks retailPrice"),
])
def test_an_answer_the_tables_cannot_be_written_from_is_refused_with_what_is_wrong(tmp_path, spoil, words):
    pages = _pages()
    spoil(pages)
    copy_dir = _data_copy(tmp_path)
    before = (copy_dir / prices.PRICE_TABLE).read_bytes()
    with pytest.raises(prices.AnswerError, match=words):
        prices.refresh(copy_dir, prices.recorded_get(_record(pages, tmp_path / "answer")), write=True)
    assert (copy_dir / prices.PRICE_TABLE).read_bytes() == before, "nothing written from a refused answer"
    with pytest.raises(SystemExit, match=words):
        tool.main(["--recorded", str(tmp_path / "answer"), "--data", str(copy_dir)])


def test_a_reservation_item_is_recorded_and_priced(tmp_path):
    # a recorded Consumption item turned into a Reservation of the shorter term
    pages = _pages()
    term = anf.reservation_terms()[0]
    item = copy.deepcopy(_item(pages, "eastus", anf.CAPACITY_METERS["Premium"]))
    item.update(type="Reservation", reservationTerm=term)
    pages["skip-0.json"]["Items"].append(item)
    copy_dir = _data_copy(tmp_path)
    text = prices.refresh(copy_dir, prices.recorded_get(_record(pages, tmp_path / "answer")), write=True)
    assert "## Reservation prices" in text and f"- eastus, Premium Capacity, {term}: " in text
    with open(copy_dir / prices.RESERVATION_TABLE, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["region"], r["meter"], r["term"], Decimal(r["price_usd"])) for r in rows] == [
        ("eastus", "Premium Capacity", term, Decimal(repr(item["retailPrice"])))]
    # the pay-as-you-go table is untouched by it
    assert (copy_dir / prices.PRICE_TABLE).read_bytes() == (data.DATA_DIR / prices.PRICE_TABLE).read_bytes()
    # the model prices that term from the new table, and refuses the other
    code = ("from storageperf.platforms import azure_netapp_files as anf\n"
            f"print(anf.reserved_price('eastus', 'Premium', {term!r})['price_usd'])\n"
            f"anf.reserved_price('eastus', 'Premium', {anf.reservation_terms()[1]!r})\n")
    env = {**os.environ, "STORAGEPERF_DATA": str(copy_dir),
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert float(done.stdout.split()[0]) == item["retailPrice"]
    assert f"no {anf.reservation_terms()[1]} reservation price for Premium in eastus" in done.stderr


def test_the_committed_tables_have_no_reservation_price_and_a_term_is_refused_clearly():
    for level in anf.reservation_service_levels():
        for term in anf.reservation_terms():
            with pytest.raises(ValueError, match=f"no {term} reservation price for {level} in eastus: the Azure "
                                                 "Retail Prices answer they were read from lists none"):
                anf.reserved_price("eastus", level, term)


def test_reservations_are_for_the_levels_and_terms_microsoft_states():
    # Microsoft Learn, "Reserved capacity for Azure NetApp Files" (2025-03-25): Standard, Premium and Ultra, not
    # Flexible; a one- or three-year term
    assert "Flexible" not in anf.reservation_service_levels()
    assert set(anf.reservation_service_levels()) <= set(anf.ALL_SERVICE_LEVELS)
    assert anf.reservation_terms() == ("1 Year", "3 Years")


@pytest.mark.parametrize("name, good, bad, words", [
    ("service_level", "Premium", "Flexible", "service_level must be one of Standard, Premium, Ultra; got 'Flexible'"),
    ("term", "1 Year", "5 Years", "term must be one of 1 Year, 3 Years; got '5 Years'"),
    ("region", "eastus", "moon", "region must be one of australiacentral,"),
])
def test_reserved_price_refuses_bad_input_naming_the_parameter(name, good, bad, words):
    args = {"region": "eastus", "service_level": "Premium", "term": "1 Year"}
    with pytest.raises(ValueError, match=re.escape(words)):
        anf.reserved_price(**{**args, name: bad})


def test_a_live_answer_written_dates_the_prices_by_the_day_it_was_read(tmp_path):
    import datetime as dt

    copy_dir = _data_copy(tmp_path)
    today = dt.date.today().isoformat()
    prices.refresh(copy_dir, prices.recorded_get(RECORDED), write=True, read_on=today)
    old = (data.DATA_DIR / "documents.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    new = (copy_dir / "documents.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    moved = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
    assert len(old) == len(new) and len(moved) == 1 and new[moved[0]].startswith(f"{prices.DOCUMENT},")
    # the model, reading the copy, dates its prices by that day
    said = subprocess.run([sys.executable, "-c", "from storageperf.platforms import azure_netapp_files as a; "
                           "print(a.PRICE_SNAPSHOT_DATE)"], env={**os.environ, "STORAGEPERF_DATA": str(copy_dir)},
                          capture_output=True, text=True, check=True).stdout.strip()
    assert said == today
    with pytest.raises(ValueError, match="read_on must be a date YYYY-MM-DD; got 'soon'"):
        prices.cite_answer(copy_dir, "soon")
