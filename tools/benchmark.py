"""Benchmark (not a test): build and execution times, and the bytes of every page.

Prints a Markdown table and writes it to _build/bench.md, so runs can be compared between versions:
cold full build, no-change rebuild, nbval over the notebooks, bare execution of the same notebooks (what a build
cannot beat, in all and for each notebook), the time of ``import storageperf`` in a fresh interpreter (median of 5)
and the heavy modules it loads (there should be none), and the size of each page and of the whole site.

Each notebook's bare execution is set against a *floor*: the bare execution, measured the same way in the same run,
of a throwaway notebook whose only cell imports numpy, pandas and plotly. The target is every notebook within 3x
the floor; a second table gives each notebook's ratio, and a line names the notebooks above it.

``--only exec`` (or ``import``, or both) runs just those parts and prints without writing _build/bench.md.
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
TARGET = 3  # each notebook's bare execution within this many times the floor
HEAVY = ["plotly", "ipywidgets", "nbformat", "sphinx", "IPython", "myst_nb", "jupyter_core", "matplotlib"]


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def execute(nb):
    """Seconds to execute ``nb`` in a fresh kernel started in book/, as the build does."""
    start = time.perf_counter()
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "book")}}).execute()
    return time.perf_counter() - start


def floor():
    """Bare execution of a notebook that only imports numpy, pandas and plotly, after one untimed run (so a
    cold disk cache does not inflate the floor and flatter every ratio)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import numpy, pandas, plotly")])
    execute(nb)
    return execute(nb)


def figure_floor():
    """The floor plus showing one plotly figure in the kernel: plotly's renderers import nbformat, and through it
    jsonschema builds an RFC 3987 grammar (rfc3987-syntax, which JupyterLab's dependencies install) on first use.
    Every notebook that shows a figure pays this, whatever the notebook does."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import numpy, pandas, plotly.graph_objects as go\ngo.Figure(go.Scatter(x=[0, 1], y=[0, 1]))")])
    return execute(nb)


def bare_execution(notebooks):
    """Seconds to execute each notebook in a fresh kernel, one after another."""
    return {path.name: execute(nbformat.read(path, as_version=4)) for path in notebooks}


def import_storageperf(runs=5):
    """Median seconds of ``import storageperf`` in a fresh interpreter, and the heavy modules it loads."""
    code = ("import json, sys, time; start = time.perf_counter(); import storageperf; "
            "print(json.dumps([time.perf_counter() - start, sorted(sys.modules)]))")
    seconds = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True)
        took, modules = json.loads(out.stdout)
        seconds.append(took)
    return statistics.median(seconds), sorted({m.split(".")[0] for m in modules} & set(HEAVY))


def markdown(header, rows):
    return "\n".join(["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
                     + ["| " + " | ".join(row) + " |" for row in rows])


def main():
    parts = ["build", "nbval", "exec", "import"]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=parts, default=parts,
                        help="run only these parts (build: the two builds and the page sizes)")
    only = parser.parse_args().only
    notebooks = sorted((ROOT / "book").glob("*.ipynb"))
    out = Path(tempfile.mkdtemp())
    build = [str(BIN / "jupyter-book"), "build", str(ROOT), "--path-output", str(out), "-W", "-n", "--keep-going"]
    rows, text = [], []
    if "build" in only:
        rows += [("cold full build", f"{timed(build):.1f} s"),
                 ("no-change rebuild", f"{timed(build):.1f} s")]
    if "nbval" in only:
        rows.append((f"nbval, {len(notebooks)} notebook(s)",
                     f"{timed([str(BIN / 'pytest'), '-q', '-p', 'no:cacheprovider', '--nbval', 'book']):.1f} s"))
    if "exec" in only:
        base = floor()
        with_figure = figure_floor()
        bare = bare_execution(notebooks)
        rows.append((f"bare execution, {len(notebooks)} notebook(s)", f"{sum(bare.values()):.1f} s"))
        rows.append(("bare execution, floor (a notebook that imports numpy, pandas, plotly)", f"{base:.1f} s"))
        rows.append(("bare execution, the floor showing one figure through plotly's renderers", f"{with_figure:.1f} s"))
        text.append(markdown(["notebook", "bare execution", "floor", "notebook / floor",
                              "notebook / floor with a figure"],
                             [(f"book/{name}", f"{s:.1f} s", f"{base:.1f} s", f"{s / base:.2f}x",
                               f"{s / with_figure:.2f}x") for name, s in bare.items()]))
        above = [f"book/{name}" for name, s in bare.items() if s > TARGET * base]
        text.append(f"Above {TARGET}x the floor (the target is each notebook within {TARGET}x): "
                     + (", ".join(above) if above else "none") + ".")
    if "import" in only:
        seconds, heavy = import_storageperf()
        rows.append(("import storageperf, fresh interpreter (median of 5)", f"{seconds * 1000:.0f} ms"))
        rows.append(("heavy modules loaded by import storageperf", ", ".join(heavy) or "none"))
    if "build" in only:
        html = out / "_build" / "html"
        pages = sorted(p for p in html.rglob("*.html") if "_static" not in p.parts)
        rows += [(f"page {p.relative_to(html)}", f"{p.stat().st_size / 1000:.1f} kB") for p in pages]
        total = sum(p.stat().st_size for p in html.rglob("*") if p.is_file())
        rows.append(("whole site (plotly.js included)", f"{total / 1e6:.2f} MB"))
    report = "\n\n".join([markdown(["measure", "value"], rows)] + text)
    print(report)
    if set(only) == set(parts):
        (ROOT / "_build").mkdir(exist_ok=True)
        (ROOT / "_build" / "bench.md").write_text(report + "\n")


if __name__ == "__main__":
    main()
