"""The model's layers: a module imports only from the layers above it (concepts, then platforms, then sources; the
data reader and the private helpers beside them), the model never imports the book's code, and the book's code
uses only the model's public modules. The contracts are import-linter's, in pyproject.toml; like the check of the
book's imports, it reads the source, so a wrong-way import fails here before it runs."""
import ast
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")  # import-linter, beside this Python
CONTRACTS = {c["id"]: c["name"] for c in
             tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]}


def _lint_imports(root):
    """import-linter on the packages in ``root`` with the contracts of its pyproject.toml: its exit code, and each
    contract's verdict by id ("KEPT" or "BROKEN")."""
    run = subprocess.run([str(LINT_IMPORTS), "--no-cache", "--no-logo"], cwd=root, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(root)})
    said = " ".join(run.stdout.split())  # a long contract name is wrapped
    verdicts = {i: v for i, name in CONTRACTS.items() for v in ("KEPT", "BROKEN") if f"{name} {v}" in said}
    return run.returncode, verdicts, run.stdout[-3000:] + run.stderr[-3000:]


def _imports(path):
    """The storageperf and storageperf_book modules a file imports, as dotted names (relative imports resolved
    from the file's own package in the repository)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + ([base] if base else []))
            found += [f"{base}.{a.name}" if base else a.name for a in node.names]
    return [name for name in found if name.split(".")[0] in ("storageperf", "storageperf_book")]


def test_the_model_keeps_its_layers():
    code, verdicts, out = _lint_imports(ROOT)
    assert code == 0 and verdicts == dict.fromkeys(CONTRACTS, "KEPT"), out


@pytest.mark.parametrize("module, line, contract", [
    ("concepts/units.py", "from ..sources import cool_access", "layers"),
    ("concepts/bounds.py", "from .._cache import cached", "concepts"),
    ("measurements.py", "from . import data", "measurements"),
    ("sources/hpc_eda.py", "import storageperf_book", "model-without-book"),
], ids=lambda v: v if v in CONTRACTS else None)
def test_a_wrong_way_import_breaks_its_contract(tmp_path, module, line, contract):
    for part in ("storageperf", "storageperf_book"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    with open(tmp_path / "storageperf" / module, "a", encoding="utf-8") as f:
        f.write(f"\n{line}\n")
    code, verdicts, out = _lint_imports(tmp_path)
    # a forbidden import counts through other modules too, so one wrong import may break more than its own contract
    importer = "storageperf." + module.removesuffix(".py").replace("/", ".")
    assert code != 0 and verdicts[contract] == "BROKEN" and f"{importer} -> " in out, out


def test_the_books_code_uses_only_the_models_public_modules():
    private = {f"{p}: {name}" for p in sorted((ROOT / "storageperf_book").rglob("*.py"))
               for name in _imports(p) if any(part.startswith("_") for part in name.split(".")[1:2])
               and name.startswith("storageperf.")}
    assert not private, f"the book's code imports private model modules: {sorted(private)}"


def test_importing_a_concept_loads_no_platform_or_source_and_reads_no_file():
    code = ("import builtins, io, json, sys\n"
            "opened = []\n"
            "real = builtins.open\n"
            "def spy(file, *a, **k):\n"
            "    opened.append(str(file))\n"
            "    return real(file, *a, **k)\n"
            "builtins.open = io.open = spy\n"
            "from storageperf.concepts import units\n"
            "units.convert(1, 'MiB/s', 'MB/s')\n"
            "print(json.dumps({'opened': opened, 'modules': sorted(m for m in sys.modules if m.startswith('storageperf'))}))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.splitlines()[-1])
    loaded = [m for m in out["modules"] if m.split(".")[1:2] and m.split(".")[1] in ("data", "platforms", "sources")]
    ours = [f for f in out["opened"] if Path(f).resolve().is_relative_to(ROOT)]  # not the interpreter's own files
    assert not loaded and not ours, out


def test_no_name_in_the_model_or_its_data_says_mbps():
    """One unit vocabulary (book/glossary.md): MiB/s is ``_mibps``, MB/s ``_mb_per_s``, megabits ``_mbit_per_s``;
    a lower-case ``mbps`` is ambiguous between bytes and bits."""
    import re

    found = []
    for path in sorted(ROOT.glob("storageperf/**/*.py")) + sorted(ROOT.glob("data/**/*.csv")) + sorted(
            ROOT.glob("book/*.ipynb")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"(?<![A-Za-z])mbps|[_-]mbps", line):
                found.append(f"{path.relative_to(ROOT)}:{number}")
    assert found == []
