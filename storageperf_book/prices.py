"""Refreshing the Azure NetApp Files price tables from the Azure Retail Prices API (``make prices``).

The guide's prices (``data/platforms/azure_netapp_files_prices.csv``) are the API's pay-as-you-go items for the
meters the model uses, one row a region and meter; its reservation prices
(``data/platforms/azure_netapp_files_reservations.csv``) are the API's ``"type": "Reservation"`` items for the
capacity meters, one row a region, meter and term. :func:`read_answer` follows the answer's ``NextPageLink`` from the
live API (:func:`live_get`) or through a folder of recorded pages (:func:`recorded_get`); :func:`tables` turns the
items into the two tables' rows, refusing an answer it cannot trust; :func:`refresh` compares them with the tables
in a data package and reports, in Markdown, each price that moved, the rows added and removed, and the verdicts that
moved: the sizing studio's first option and its monthly cost for the studio chapter's worked cases
(:data:`storageperf.studio.REFERENCE_WORKLOADS`), in each region whose prices moved, under the old tables and the new.

Nothing is written unless asked (``write=True``); a refresh reaches the published guide only through a commit.
"""
from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from decimal import Decimal
from pathlib import Path

from storageperf.platforms import azure_netapp_files as anf

#: The API's answer for every Azure NetApp Files meter (the preview version lists every meter, primary or not).
API_URL = ("https://prices.azure.com/api/retail/prices?api-version=2023-01-01-preview"
           "&$filter=serviceName eq 'Azure NetApp Files'")
#: The meters of the price table, in the order its rows give them within a region.
METERS = (*anf.CAPACITY_METERS.values(), anf.THROUGHPUT_METER, *anf.COOL_METERS)
#: The document every row of both tables cites (``data/documents.csv``).
DOCUMENT = "azure-retail-prices-anf"
PRICE_TABLE = Path("platforms") / "azure_netapp_files_prices.csv"
RESERVATION_TABLE = Path("platforms") / "azure_netapp_files_reservations.csv"
PRICE_COLUMNS = ("region", "region_name", "meter", "price_usd", "unit", "effective_start_date", "document",
                 "location", "how_read")
RESERVATION_COLUMNS = ("region", "region_name", "meter", "term", "price_usd", "unit", "effective_start_date",
                       "document", "location", "how_read")
_LOCATION = {"Consumption": "Items[]: retailPrice of this armRegionName and meterName",
             "Reservation": "Items[]: retailPrice of this armRegionName, meterName and reservationTerm"}
#: The fields of an item the tables are written from.
ITEM_FIELDS = ("currencyCode", "retailPrice", "armRegionName", "location", "effectiveStartDate", "meterName",
               "unitOfMeasure", "type")
#: The most pages one answer is followed for: far above the few pages the service's meters fill.
MAX_PAGES = 100
#: How long to wait for one page of the live API [s]: a choice.
TIMEOUT_S = 60


class AnswerError(ValueError):
    """The API's answer is not one the price tables can be written from."""


def live_get(url):
    """One page of the live API, parsed (the network: never in the tests)."""
    with urllib.request.urlopen(url.replace(" ", "%20"), timeout=TIMEOUT_S) as answer:
        return json.load(answer)


def recorded_get(folder):
    """A ``get`` for :func:`read_answer` that serves recorded pages from ``folder``: the page an address asks for
    by its ``$skip`` (none: 0) is ``skip-<n>.json``."""
    folder = Path(folder)

    def get(url):
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
        skip = int(query.get("$skip", ["0"])[0])
        path = folder / f"skip-{skip}.json"
        if not path.is_file():
            raise AnswerError(f"the recorded answer in {folder} has no page for {url} (looked for {path.name})")
        return json.loads(path.read_text(encoding="utf-8"))

    return get


def read_answer(get, url=API_URL):
    """Every page of the API's answer, following ``NextPageLink`` until it is empty.

    Parameters
    ----------
    get : callable
        ``get(url)`` returns one page, parsed: :func:`live_get` or :func:`recorded_get`.
    url : str
        The first page's address.

    Returns
    -------
    list of dict
        The pages, in order; each checked to hold an ``Items`` list.
    """
    pages = []
    while url:
        if len(pages) == MAX_PAGES:
            raise AnswerError(f"the answer goes on past {MAX_PAGES} pages (next: {url}); refusing to follow it")
        page = get(url)
        if not isinstance(page, dict) or not isinstance(page.get("Items"), list):
            keys = sorted(page) if isinstance(page, dict) else type(page).__name__
            raise AnswerError(f"page {len(pages) + 1} of the answer ({url}) has no 'Items' list; it has {keys}")
        pages.append(page)
        url = page.get("NextPageLink")
    return pages


def price_text(value):
    """A price as the tables write it: Python's shortest form, positional (``0.000403``, ``0.02``), at least six
    decimals for a price under 0.0001 (``0.000090``), as the first transcription wrote it."""
    text = format(Decimal(repr(float(value))), "f")
    if float(value) < 1e-4:
        whole, _, decimals = text.partition(".")
        text = f"{whole}.{decimals.ljust(6, '0')}"
    return text


def _item(item, page, index):
    """One item's fields, checked: a clear error for a missing field or a price not in US dollars."""
    missing = [f for f in ITEM_FIELDS if f not in item]
    where = f"item {index + 1} of page {page + 1}"
    if missing:
        raise AnswerError(f"{where} ({item.get('meterName', '?')}, {item.get('armRegionName', '?')}) lacks "
                          f"{', '.join(missing)}")
    if item["currencyCode"] != "USD":
        raise AnswerError(f"{where} ({item['meterName']}, {item['armRegionName']}) is priced in "
                          f"{item['currencyCode']!r}; the tables hold US dollars: ask the API for USD")
    if item["type"] == "Reservation" and not item.get("reservationTerm"):
        raise AnswerError(f"{where} ({item['meterName']}, {item['armRegionName']}) is a Reservation without a "
                          f"reservationTerm")
    return item


def tables(pages):
    """The price and reservation tables' rows from the answer's pages.

    Parameters
    ----------
    pages : list of dict
        From :func:`read_answer`.

    Returns
    -------
    dict
        ``prices``: a row (dict of :data:`PRICE_COLUMNS`, text) for each pay-as-you-go item of a meter of
        :data:`METERS` with a region, sorted by region, then in the order of :data:`METERS`; ``reservations``: a row
        (:data:`RESERVATION_COLUMNS`) for each Reservation item of a capacity meter, sorted by region, meter and term.

    Raises
    ------
    AnswerError
        An item lacking a field the tables need, priced in another currency than US dollars, two prices for one
        region and meter (and term), or a meter of :data:`METERS` that no region has.
    """
    found = {}
    for p, page in enumerate(pages):
        for i, raw in enumerate(page["Items"]):
            item = _item(raw, p, i)
            kind = item["type"]
            if kind not in _LOCATION or not item["armRegionName"]:
                continue
            if item["meterName"] not in (METERS if kind == "Consumption" else anf.CAPACITY_METERS.values()):
                continue
            term = item.get("reservationTerm", "") if kind == "Reservation" else ""
            key = (kind, item["armRegionName"], item["meterName"], term)
            if key in found and found[key]["retailPrice"] != item["retailPrice"]:
                raise AnswerError(f"the answer prices {item['meterName']} in {item['armRegionName']} twice "
                                  f"({kind}{', ' + term if term else ''}): {found[key]['retailPrice']} and "
                                  f"{item['retailPrice']}")
            found[key] = item
    missing = [m for m in METERS if not any(k[0] == "Consumption" and k[2] == m for k in found)]
    if missing:
        raise AnswerError(f"the answer has no price for {', '.join(repr(m) for m in missing)} in any region; "
                          f"the guide needs every one of {', '.join(METERS)}")

    def row(key, item):
        kind, region, meter, term = key
        out = {"region": region, "region_name": item["location"], "meter": meter, "term": term,
               "price_usd": price_text(item["retailPrice"]), "unit": item["unitOfMeasure"],
               "effective_start_date": item["effectiveStartDate"][:10], "document": DOCUMENT,
               "location": _LOCATION[kind], "how_read": "exact"}
        return {c: out[c] for c in (PRICE_COLUMNS if kind == "Consumption" else RESERVATION_COLUMNS)}

    order = {m: n for n, m in enumerate(METERS)}
    prices = sorted((k for k in found if k[0] == "Consumption"), key=lambda k: (k[1], order[k[2]]))
    reserved = sorted((k for k in found if k[0] == "Reservation"), key=lambda k: (k[1], order[k[2]], k[3]))
    return {"prices": [row(k, found[k]) for k in prices], "reservations": [row(k, found[k]) for k in reserved]}


def csv_text(rows, columns):
    """A table's CSV text as Python's ``csv`` module writes it (a header; ``\\r\\n`` line ends, as the first
    transcription of the price table has them)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns))
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def read_rows(path):
    """A table's rows as dicts of text; none if the file does not exist."""
    path = Path(path)
    if not path.is_file():
        return []
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def changes(old, new, key):
    """What moved between two versions of a table.

    Returns
    -------
    dict
        ``moved``: ``[(old row, new row)]`` where the price or its unit differs; ``added`` and ``removed``: rows.
    """
    before, after = ({tuple(r[k] for k in key): r for r in rows} for rows in (old, new))
    moved = [(before[k], after[k]) for k in after if k in before
             and (Decimal(before[k]["price_usd"]) != Decimal(after[k]["price_usd"])
                  or before[k]["unit"] != after[k]["unit"])]
    return {"moved": moved, "added": [after[k] for k in after if k not in before],
            "removed": [before[k] for k in before if k not in after]}


_WORKER = """
import json, sys
from storageperf_book.prices import _verdicts_here
print(json.dumps(_verdicts_here(sys.argv[1:])))
"""


def _verdicts_here(regions):
    """The studio's first option and its monthly cost for each reference workload in each region, with this
    process's data package; a region the studio has no prices for is ``None``."""
    from storageperf import studio

    out = {}
    for name, workload in studio.reference_workloads().items():
        for region in regions:
            if region not in studio.regions():
                out[f"{name}|{region}"] = None
                continue
            first = studio.options(**workload, region=region).iloc[0]
            out[f"{name}|{region}"] = {"option": first["option"], "monthly_usd": float(first["monthly_usd"]),
                                       "feasible": bool(first["feasible"])}
    return out


def verdicts(data_dir, regions):
    """:func:`_verdicts_here` with the data package in ``data_dir``, in a process of its own (the model reads its
    tables once a process)."""
    if not regions:
        return {}
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "STORAGEPERF_DATA": str(data_dir),
           "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)}
    done = subprocess.run([sys.executable, "-c", _WORKER, *regions], env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the studio could not size the reference workloads with {data_dir}:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _usd(value):
    return f"{Decimal(value):f}"


def _money(verdict):
    if verdict is None:
        return "no prices here"
    return f"${verdict['monthly_usd']:,.0f}" if verdict["feasible"] else "nothing carries it"


def report(price_changes, reservation_changes, before, after, source):
    """The Markdown report of a refresh: prices moved, rows added and removed, verdicts (``before``, ``after``:
    from :func:`verdicts`)."""
    from storageperf.studio import REFERENCE_WORKLOADS

    lines = ["# Azure NetApp Files prices: what moved", "", f"Read from {source}.", ""]
    if not any(price_changes.values()) and not any(reservation_changes.values()):
        return "\n".join(lines + ["No price moved, and no row was added or removed.", ""])
    for title, found, key in (("Pay-as-you-go prices", price_changes, ("region", "meter")),
                              ("Reservation prices", reservation_changes, ("region", "meter", "term"))):
        if not any(found.values()):
            continue
        lines += [f"## {title}", ""]
        if found["moved"]:
            lines += [f"| {' | '.join(key)} | old USD | new USD | unit | effective from |",
                      "|" + " --- |" * (len(key) + 4)]
            lines += [f"| {' | '.join(n[k] for k in key)} | {_usd(o['price_usd'])} | {_usd(n['price_usd'])} | "
                      f"{n['unit']} | {n['effective_start_date']} |" for o, n in found["moved"]]
            lines.append("")
        for what in ("added", "removed"):
            if found[what]:
                lines += [f"Rows {what}:", ""]
                lines += [f"- {', '.join(r[k] for k in key)}: {_usd(r['price_usd'])} USD per {r['unit']}, "
                          f"effective from {r['effective_start_date']}" for r in found[what]]
                lines.append("")
    if before or after:
        lines += ["## Verdicts", "", "The sizing studio's first option and its monthly cost, for the studio "
                  "chapter's worked cases in each region whose pay-as-you-go prices moved:", "",
                  "| workload | region | first option before | monthly before | first option now | monthly now "
                  "| moved |", "|" + " --- |" * 7]
        for name in sorted(before, key=lambda k: (REFERENCE_WORKLOADS.index(k.split("|")[0]), k)):
            o, n = before[name], after.get(name)
            if o is None and n is None:
                continue  # a region the studio prices neither before nor after
            workload, region = name.split("|")
            moved = ("first option" if (o or {}).get("option") != (n or {}).get("option") else
                     "cost" if _money(o) != _money(n) else "")
            lines.append(f"| {workload} | {region} | {(o or {}).get('option', '')} | {_money(o)} | "
                         f"{(n or {}).get('option', '')} | {_money(n)} | {moved} |")
        lines.append("")
    lines += ["Written from a live answer (`make prices`, `--write`), the row `azure-retail-prices-anf` of "
              "data/documents.csv cites it with the day it was read; review both with `git diff` before committing.",
              ""]
    return "\n".join(lines)


#: What ``data/documents.csv`` says of a live answer, once written (:func:`cite_answer`): the prices' date is the
#: day the API was read, and every price the guide shows is dated by this row.
LIVE_DOCUMENT = {"title": "Azure Retail Prices API answer for every Azure NetApp Files meter",
                 "publisher": "Microsoft (Azure Retail Prices API)", "where": API_URL,
                 "licence": "Microsoft's public price list: facts only", "url": API_URL, "url_kind": "page"}


def cite_answer(data_dir, read_on):
    """Make the row :data:`DOCUMENT` of ``data_dir``'s ``documents.csv`` cite the live answer read on ``read_on``
    (``YYYY-MM-DD``): :data:`LIVE_DOCUMENT` with that date. Every other row is left byte for byte."""
    import datetime as dt

    try:
        dt.date.fromisoformat(read_on)
    except (TypeError, ValueError):
        raise ValueError(f"read_on must be a date YYYY-MM-DD; got {read_on!r}") from None
    path = Path(data_dir) / "documents.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header = next(csv.reader([lines[0]]))
    at = [i for i, line in enumerate(lines) if line.startswith(f"{DOCUMENT},")]
    if len(at) != 1:
        raise ValueError(f"data_dir must hold one row {DOCUMENT!r} in documents.csv; found {len(at)}")
    row = dict(zip(header, next(csv.reader([lines[at[0]]]))), **LIVE_DOCUMENT, date=read_on)
    out = io.StringIO()
    csv.writer(out, lineterminator=lines[at[0]][len(lines[at[0]].rstrip("\r\n")):]).writerow([row[c] for c in header])
    lines[at[0]] = out.getvalue()
    path.write_text("".join(lines), encoding="utf-8", newline="")


def refresh(data_dir, get, write=False, source=API_URL, read_on=None):
    """Read the API's answer, compare it with the tables of the data package in ``data_dir``, and report.

    Parameters
    ----------
    data_dir : path
        A data package (``data/``): its price tables are the old ones, and, with ``write``, are replaced.
    get : callable
        ``get(url)``: :func:`live_get` or :func:`recorded_get`.
    write : bool
        Write the new tables into ``data_dir`` (the reservation table always, empty of rows when the answer lists
        no reservation price).
    source : str
        What was read, for the report.
    read_on : str, optional
        The day a live answer was read (``YYYY-MM-DD``): with ``write``, ``documents.csv`` then cites it
        (:func:`cite_answer`), so the prices shown carry that date.

    Returns
    -------
    str
        The Markdown report (:func:`report`).
    """
    data_dir = Path(data_dir)
    new = tables(read_answer(get))
    old_prices, old_reserved = read_rows(data_dir / PRICE_TABLE), read_rows(data_dir / RESERVATION_TABLE)
    price_changes = changes(old_prices, new["prices"], ("region", "meter"))
    reservation_changes = changes(old_reserved, new["reservations"], ("region", "meter", "term"))
    regions = sorted({r["region"] for r in price_changes["added"] + price_changes["removed"]}
                     | {n["region"] for _, n in price_changes["moved"]})
    before = after = {}
    if regions:
        before = verdicts(data_dir, regions)
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / "data"
            shutil.copytree(data_dir, copy)
            _write(copy, new)
            after = verdicts(copy, regions)
    if write:
        _write(data_dir, new)
        if read_on is not None:
            cite_answer(data_dir, read_on)
    return report(price_changes, reservation_changes, before, after, source)


def _write(data_dir, new):
    for path, rows, columns in ((PRICE_TABLE, new["prices"], PRICE_COLUMNS),
                                (RESERVATION_TABLE, new["reservations"], RESERVATION_COLUMNS)):
        with open(data_dir / path, "w", encoding="utf-8", newline="") as f:
            f.write(csv_text(rows, columns))
