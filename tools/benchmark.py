"""Benchmark (not a test): build and execution times, and the bytes of every page.

Prints a Markdown table and writes it to _build/bench.md, so runs can be compared between versions:
cold full build, no-change rebuild, nbval over the notebooks, bare execution of the same notebooks (the floor a
build cannot beat, in all and for each notebook), and the size of each page and of the whole site.
"""
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def bare_execution(notebooks):
    """Seconds to execute each notebook in a fresh kernel, one after another."""
    seconds = {}
    for path in notebooks:
        nb = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        NotebookClient(nb, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        seconds[path.name] = time.perf_counter() - start
    return seconds


def main():
    notebooks = sorted((ROOT / "book").glob("*.ipynb"))
    out = Path(tempfile.mkdtemp())
    build = [str(BIN / "jupyter-book"), "build", str(ROOT), "--path-output", str(out), "-W", "-n", "--keep-going"]
    rows = [("cold full build", f"{timed(build):.1f} s"),
            ("no-change rebuild", f"{timed(build):.1f} s"),
            (f"nbval, {len(notebooks)} notebook(s)",
             f"{timed([str(BIN / 'pytest'), '-q', '-p', 'no:cacheprovider', '--nbval', 'book']):.1f} s")]
    bare = bare_execution(notebooks)
    rows.append((f"bare execution, {len(notebooks)} notebook(s)", f"{sum(bare.values()):.1f} s"))
    rows += [(f"bare execution, book/{name}", f"{s:.1f} s") for name, s in bare.items()]
    html = out / "_build" / "html"
    pages = sorted(p for p in html.rglob("*.html") if "_static" not in p.parts)
    rows += [(f"page {p.relative_to(html)}", f"{p.stat().st_size / 1000:.1f} kB") for p in pages]
    total = sum(p.stat().st_size for p in html.rglob("*") if p.is_file())
    rows.append(("whole site (plotly.min.js included)", f"{total / 1e6:.2f} MB"))
    table = "| measure | value |\n| --- | --- |\n" + "\n".join(f"| {a} | {b} |" for a, b in rows)
    print(table)
    (ROOT / "_build").mkdir(exist_ok=True)
    (ROOT / "_build" / "bench.md").write_text(table + "\n")


if __name__ == "__main__":
    main()
