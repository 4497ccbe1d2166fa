"""A runnable chapter to download: the notebook, the package as a wheel, and a requirements file, in one zip.

Unzipped on a clean machine, ``python -m venv .venv``, ``pip install -r requirements.txt`` and ``jupyter lab``
run the chapter: the wheel carries the model, the book's own code and the data package (``storageperf/_data``);
the requirements are the Binder environment's pins (``binder/requirements.txt``) and the wheel. The notebook
carries its citations as text (:mod:`storageperf_book.citations`), as JupyterLab renders no bibliography.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from . import citations

#: Where the site serves the archives, relative to its root.
FOLDER = "downloads"

#: The commands that install and open a folder's notebooks, on each system a participant brings.
COMMANDS = """\
On macOS or Linux, in a terminal:

    python3 -m venv .venv
    .venv/bin/pip install -r requirements.txt
    .venv/bin/jupyter lab {notebook}

On Windows, in PowerShell or the Command Prompt:

    py -m venv .venv
    .venv\\Scripts\\pip install -r requirements.txt
    .venv\\Scripts\\jupyter lab {notebook}
"""

README = """\
{title}

This folder runs the chapter "{notebook}" of the guide on your machine (Python 3.11 to 3.13). In this folder:

""" + COMMANDS + """
Then choose Run > Run All Cells: the numbers in the prose are computed by the chapter's cells above them.
The wheel {wheel} holds the model, the guide's own code and the data every number comes from.
"""

README_SET = """\
{title}

This folder runs these notebooks of the guide on your machine (Python 3.11 to 3.13):

{notebooks}

In this folder:

""" + COMMANDS.replace(" {notebook}", "") + """
Open a notebook and choose Run > Run All Cells: its code cells compute every number and figure again.
{check}The wheel {wheel} holds the model, the guide's own code and the data every number comes from.
"""

#: What README_SET says when the folder carries the setup check.
CHECK = """\
To see whether this machine is ready, open setup-check.ipynb, or after the install run
.venv/bin/python -m storageperf_book.setup_check (Windows: .venv\\Scripts\\python -m storageperf_book.setup_check).
"""


def build_wheel(root, out_dir):
    """Build the package's wheel from the checkout at ``root`` into ``out_dir``; return its path."""
    out_dir = Path(out_dir)
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out_dir), str(root)],
                         capture_output=True, text=True, check=False)
    wheels = sorted(out_dir.glob("storageperf-*.whl"))
    if run.returncode != 0 or not wheels:
        raise RuntimeError(f"the package's wheel did not build:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}")
    return wheels[-1]


def chapter_archive(notebook, wheel, requirements, target, title=""):
    """Write the zip of one chapter: ``<chapter>/`` with the notebook, the wheel, requirements.txt and a README.

    Parameters
    ----------
    notebook, wheel, requirements : path-like
        The chapter's notebook, the package's wheel, and the pinned requirements it needs (without the package).
    target : path-like
        The zip to write.
    title : str
        The chapter's title, for the README.

    Returns
    -------
    pathlib.Path
        ``target``.
    """
    notebook = Path(notebook)
    return notebooks_archive([notebook], wheel, requirements, target, notebook.stem, title or notebook.stem)


def notebooks_archive(notebooks, wheel, requirements, target, folder, title, extra=None):
    """Write a zip of notebooks that run together: ``<folder>/`` with them, the wheel, requirements.txt and a README.

    Parameters
    ----------
    notebooks : list of path-like
        The notebooks, one or more.
    wheel, requirements : path-like
        The package's wheel, and the pinned requirements the notebooks need (without the package).
    target : path-like
        The zip to write.
    folder : str
        The folder the zip unpacks into.
    title : str
        What the folder holds, for the README.
    extra : dict, optional
        More files to carry: ``{name inside the folder: path}``.

    Returns
    -------
    pathlib.Path
        ``target``.
    """
    notebooks, wheel, target = [Path(n) for n in notebooks], Path(wheel), Path(target)
    if not notebooks:
        raise ValueError("notebooks must name one notebook or more, got none")
    pins = [line for line in Path(requirements).read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.lstrip().startswith("#")]
    target.parent.mkdir(parents=True, exist_ok=True)
    if len(notebooks) == 1:
        readme = README.format(title=title, notebook=notebooks[0].name, wheel=wheel.name)
    else:
        readme = README_SET.format(title=title, notebooks="\n".join(f"    {n.name}" for n in notebooks),
                                   wheel=wheel.name, check=CHECK if "setup-check.ipynb" in (extra or {}) else "")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for notebook in notebooks:
            z.write(notebook, f"{folder}/{notebook.name}")
        for name, path in (extra or {}).items():
            z.write(path, f"{folder}/{name}")
        z.write(wheel, f"{folder}/{wheel.name}")
        z.writestr(f"{folder}/requirements.txt", "\n".join([*pins, f"./{wheel.name}"]) + "\n")
        z.writestr(f"{folder}/README.txt", readme)
    return target


def site_archives(root, outdir, chapters):
    """Build the wheel once and one archive per chapter under ``outdir/downloads``; return their paths."""
    root = Path(root)
    entries = citations.read_bib(root / citations.BIB)
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(root, tmp)
        archives = []
        for name, title in chapters.items():
            # the notebook a reader opens in JupyterLab: its citations as text (no bibliography is rendered there)
            notebook = Path(tmp, "chapters", f"{Path(name).name}.ipynb")
            notebook.parent.mkdir(exist_ok=True)
            nb = citations.notebook_as_text(json.loads((root / f"{name}.ipynb").read_text(encoding="utf-8")), entries)
            notebook.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            archives.append(chapter_archive(notebook, wheel, root / "binder" / "requirements.txt",
                                            Path(outdir) / FOLDER / f"{Path(name).name}.zip", title))
        return archives
