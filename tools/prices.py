"""Refresh the Azure NetApp Files price tables from the Azure Retail Prices API, and say what moved (``make prices``).

Reads the API's answer (every page, from the network, or ``--recorded DIR``: pages recorded as
tests/fixtures/retail-prices holds them), compares it with data/platforms/azure_netapp_files_prices.csv and
azure_netapp_files_reservations.csv, and prints a Markdown report: each price that moved, the rows added and removed,
and the sizing studio's verdicts that moved (``storageperf_book.prices``). ``--write`` replaces the two tables with
the answer's (review them with ``git diff`` and commit); ``--report FILE`` also writes the report to a file. Not part
of ``make test``: it needs the network (the tests use recorded answers).
"""
import argparse
import sys
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from storageperf_book import prices  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--recorded", type=Path, help="read the answer's pages from this folder, not the network")
    parser.add_argument("--data", type=Path, default=ROOT / "data", help="the data package (default: data/)")
    parser.add_argument("--write", action="store_true", help="replace the price tables with the answer's")
    parser.add_argument("--report", type=Path, help="write the Markdown report to this file too")
    args = parser.parse_args(argv)
    get = prices.live_get if args.recorded is None else prices.recorded_get(args.recorded)
    today = f"{datetime.now(timezone.utc):%Y-%m-%d}"
    source = f"{prices.API_URL} on {today}" if args.recorded is None else f"the answer recorded in {args.recorded}"
    try:
        text = prices.refresh(args.data, get, write=args.write, source=source,
                              read_on=today if args.recorded is None else None)
    except prices.AnswerError as error:
        sys.exit(f"prices: {error}")
    print(text)
    if args.report:
        args.report.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
