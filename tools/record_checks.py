"""Execute each notebook and store the outputs of its checked cells only.

nbval compares a cell's fresh output with the stored one only where an output is stored. Chapters keep their
key numbers in cells that begin with ``# NBVAL_CHECK_OUTPUT``; this script executes each notebook, keeps those
cells' outputs (and execution counts) and strips every other output, so notebooks stay small and a changed
number fails ``make test``. Run it (``make checks``) after a deliberate change to a checked number, and review
the diff. It also folds, for JupyterLab and VS Code, the source of every cell the site hides (tags ``hide-input``,
``remove-cell``, ``remove-input``) and the outputs the site leaves out (``remove-cell``, ``remove-output``): a reader
in a kernel sees the prose and the figures first, as on the site.
"""
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from storageperf_book.kernels import KernelManager

MARK = "# NBVAL_CHECK_OUTPUT"
HIDDEN = {"hide-input", "remove-cell", "remove-input"}
OUTPUT_HIDDEN = {"remove-cell", "remove-output"}


def fold_hidden(nb):
    """Mark the source and the outputs the site hides as hidden in Jupyter's own metadata; return how many cells."""
    folded = 0
    for cell in nb.cells:
        tags = set(cell.metadata.get("tags", []))
        if cell.cell_type == "code" and HIDDEN & tags:
            cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
            folded += 1
        if cell.cell_type == "code" and OUTPUT_HIDDEN & tags:
            cell.metadata.setdefault("jupyter", {})["outputs_hidden"] = True
    return folded


def record(path):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_manager_class=KernelManager, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    count = 0
    for cell in nb.cells:
        cell.metadata.pop("execution", None)  # timestamps: they would change every run
        if cell.cell_type != "code":
            continue
        if cell.source.startswith(MARK):
            count += 1
            cell.execution_count = count
        else:
            cell.outputs, cell.execution_count = [], None
    nb.metadata.pop("widgets", None)
    fold_hidden(nb)
    nbformat.write(nb, path)


if __name__ == "__main__":
    for arg in sys.argv[1:] or sorted(str(p) for p in Path("book").glob("*.ipynb")):
        record(Path(arg))
        print("recorded", arg)
