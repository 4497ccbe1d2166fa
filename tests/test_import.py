"""Importing the model is cheap and quiet: no plotting, widget, notebook or Sphinx module is loaded, and no
global state a reader would notice (plotly's default renderer and template) changes. Each check runs in a fresh
interpreter, so what the rest of the test session has imported does not count."""
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ["plotly", "ipywidgets", "nbformat", "sphinx", "IPython", "myst_nb", "jupyter_core", "matplotlib"]


def fresh(code):
    """Run ``code`` in a new interpreter from the repository root; return what it printed, as JSON."""
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.splitlines()[-1])


def test_import_loads_no_heavy_module():
    out = fresh("import json, sys, storageperf\n"
                "print(json.dumps({'file': storageperf.__file__, 'modules': sorted(sys.modules)}))")
    assert Path(out["file"]).resolve().is_relative_to(ROOT / "storageperf"), out["file"]
    heavy = Counter(m.split(".")[0] for m in out["modules"] if m.split(".")[0] in HEAVY)
    assert not heavy, "import storageperf loads " + ", ".join(f"{k} ({n} modules)" for k, n in sorted(heavy.items()))


def test_import_changes_no_global_state():
    out = fresh("import json, pkgutil, importlib\n"
                "import plotly.io as pio\n"
                "state = lambda: {'renderer': pio.renderers.default, 'template': pio.templates.default}\n"
                "before = state()\n"
                "import storageperf\n"
                "names = [m.name for m in pkgutil.walk_packages(storageperf.__path__, 'storageperf.')]\n"
                "for name in names:\n"
                "    importlib.import_module(name)\n"
                "after = state()\n"
                "print(json.dumps({'modules': names, 'before': before, 'after': after}))")
    assert {"storageperf.concepts", "storageperf.platforms", "storageperf.sources",
            "storageperf.concepts.units", "storageperf.platforms.azure_vm"} <= set(out["modules"])
    assert out["after"] == out["before"], \
        f"importing storageperf changed plotly's defaults: {out['before']} -> {out['after']}"
