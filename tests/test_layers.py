"""The model's layers: a module imports only from the layers above it (concepts, then platforms, then sources; the
data reader and the private helpers beside them), the model never imports the book's code, and the book's code
uses only the model's public modules. Read from the source, so a wrong-way import fails here before it runs."""
import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# what each part of storageperf may import from storageperf
ALLOWED = {
    "checks": set(),
    "_cache": set(),
    "data": {"concepts", "checks", "_cache"},
    "concepts": {"concepts", "checks"},
    "platforms": {"concepts", "data", "platforms", "checks", "_cache"},
    "sources": {"concepts", "data", "platforms", "sources", "checks", "_cache"},
    "studio": {"concepts", "data", "platforms", "sources", "checks", "_cache"},
    "measurements": {"concepts", "checks"},
}


def _imports(path, package=None):
    """The storageperf and storageperf_book modules a file imports, as dotted names (relative imports resolved
    from ``package``, by default the file's own in the repository)."""
    package = package or ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
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


def _part(name):
    """The part of storageperf a dotted name belongs to: "concepts", "data", ..., or None for the package itself."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else None


def _wrong(names, own):
    """The imports a module of part ``own`` may not make."""
    return [name for name in names
            if name.startswith("storageperf_book") or (_part(name) is not None and _part(name) not in ALLOWED[own])]


MODEL = sorted((ROOT / "storageperf").rglob("*.py"))


@pytest.mark.parametrize("path", MODEL, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_model_module_imports_only_from_the_layers_above_it(path):
    own = _part(".".join(path.relative_to(ROOT).with_suffix("").parts))
    if own in (None, "__init__"):
        return
    wrong = _wrong(_imports(path), own)
    assert not wrong, f"{path.relative_to(ROOT)} ({own}) imports {wrong}; {own} may import from {sorted(ALLOWED[own])}"


def test_the_books_code_uses_only_the_models_public_modules():
    private = {f"{p}: {name}" for p in sorted((ROOT / "storageperf_book").rglob("*.py"))
               for name in _imports(p) if any(part.startswith("_") for part in name.split(".")[1:2])
               and name.startswith("storageperf.")}
    assert not private, f"the book's code imports private model modules: {sorted(private)}"


def test_the_check_sees_a_wrong_way_import(tmp_path):
    concept = tmp_path / "units.py"
    concept.write_text((ROOT / "storageperf" / "concepts" / "units.py").read_text(encoding="utf-8")
                       + "\nfrom ..sources import cool_access\n", encoding="utf-8")
    assert _wrong(_imports(concept, "storageperf.concepts"), "concepts") == ["storageperf.sources.cool_access"]
    assert not _wrong(_imports(ROOT / "storageperf" / "concepts" / "units.py"), "concepts")


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
