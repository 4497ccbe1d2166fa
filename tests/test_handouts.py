"""The offline copy's scripts (storageperf_book.handouts): the site's modules as classic scripts, its JSON files as
scripts too, so that the copy opened from the file system works as the site does. The copy in a browser is in
tests/website/test_paper.py."""
import json
import re
import subprocess
import zipfile
from pathlib import Path

import pytest

from helpers import tool
from storageperf_book.handouts import README, classic_script, offline_zip

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "book" / "_static"
MODULES = sorted(p.name for p in STATIC.glob("*.js"))


def _node(script):
    return subprocess.run([tool("node"), "--input-type=module", "-e", script], capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.parametrize("name", MODULES)
def test_each_module_of_the_site_becomes_a_classic_script_that_parses(name, tmp_path):
    # the modules keep to the forms classic_script rewrites (it refuses any other; the site serves them as written);
    # what it writes is a script, not a module: node checks it parses as one
    script = classic_script(STATIC, name)
    (tmp_path / "classic.js").write_text(script, encoding="utf-8")
    subprocess.run([tool("node"), "--check", str(tmp_path / "classic.js")], check=True)


def test_only_load_json_fetches():
    # every JSON file a page reads goes through loadJSON, which the offline copy answers from its .json.js
    fetching = [n for n in MODULES if re.search(r"\bfetch\(", (STATIC / n).read_text(encoding="utf-8"))]
    assert fetching == ["load-json.js"]
    for name in ("calculator.js", "quiz.js", "studio-page.js"):
        assert re.search(r'^import\s*\{\s*loadJSON\s*\}\s*from\s*"\./load-json\.js"',
                         (STATIC / name).read_text(encoding="utf-8"), re.M), name


SHARED = """\
globalThis.runs = (globalThis.runs || 0) + 1;
export const made = [];
export function where() { return import.meta.url; }
"""
FIRST = """\
import {made, where} from "./shared.js";
const local = "first";
made.push(local);
export const later = () => import("./late.js");
export const here = where;
"""
SECOND = """\
import { made as seen } from "./shared.js";
const local = "second";
seen.push(local);
export default seen;
"""


def test_classic_scripts_run_a_module_they_share_once_and_keep_each_modules_names_its_own(tmp_path):
    # two scripts on one page, each holding the module both import, as calculator.js and figures.js hold lazy-draw.js:
    # the module runs once and both see its one state; each module's top-level names are its own; a module imported
    # when asked comes as a promise of its exports; import.meta.url is the module's own address
    (tmp_path / "shared.js").write_text(SHARED, encoding="utf-8")
    (tmp_path / "first.js").write_text(FIRST, encoding="utf-8")
    (tmp_path / "second.js").write_text(SECOND, encoding="utf-8")
    (tmp_path / "late.js").write_text('export const word = "late";\n', encoding="utf-8")
    scripts = [classic_script(tmp_path, "first.js"), classic_script(tmp_path, "second.js")]
    out = _node(f"""
globalThis.window = globalThis;
globalThis.document = {{currentScript: {{src: "file:///guide/_static/first.offline.js"}}}};
(0, eval)({json.dumps(scripts[0])});
document.currentScript.src = "file:///guide/_static/second.offline.js";
(0, eval)({json.dumps(scripts[1])});
const first = window.bookModules.require("first.js"), second = window.bookModules.require("second.js");
const late = await first.later();
console.log(JSON.stringify([globalThis.runs, second.default, first.here(), late.word]));
""")
    assert json.loads(out) == [1, ["first", "second"], "file:///guide/_static/shared.js", "late"]


@pytest.mark.parametrize("module, has", [
    ('import made from "./shared.js";\n', "import made"),
    ('import {made} from "../shared.js";\n', "import {made}"),
    ('import {made} from "https://example.org/shared.js";\n', "import {made}"),
    ("export let made = [];\n", "export let"),
    ("const made = [];\nexport {made};\n", "export {made}"),
    ('export * from "./shared.js";\n', "export *"),
    ("const name = './shared.js';\nconst later = () => import(name);\n", "import(name)"),
    ("const exports = [];\n", "exports"),
])
def test_a_module_out_of_those_forms_is_refused_by_name(module, has, tmp_path):
    (tmp_path / "shared.js").write_text(SHARED, encoding="utf-8")
    (tmp_path / "odd.js").write_text(module, encoding="utf-8")
    with pytest.raises(ValueError, match=r"^static must hold modules") as err:
        classic_script(tmp_path, "odd.js")
    assert "odd.js has" in str(err.value) and has in str(err.value) and "\n" not in str(err.value)


PAGE = """<html><head>
<script src="../_static/entry.js?v=1f2e" type="module"></script>
<script type="module" src="../_static/other.js"></script>
</head><body><div class="plotly-graph-div" data-figure="c.json"></div><script type="module">let x = 1;</script></body></html>
"""


def test_the_copy_loads_classic_scripts_and_its_json_files_as_scripts(tmp_path):
    site = tmp_path / "html"
    (site / "book").mkdir(parents=True)
    (site / "index.html").write_text('<meta http-equiv="Refresh" content="0; url=book/page.html">', encoding="utf-8")
    (site / "book" / "page.html").write_text(PAGE, encoding="utf-8")
    static = site / "_static"
    for name in ("calculators", "quizzes", "figures"):
        (static / name).mkdir(parents=True)
    (static / "entry.js").write_text('import {x} from "./other.js";\nexport const y = x;\n', encoding="utf-8")
    (static / "other.js").write_text("export const x = 1;\n", encoding="utf-8")
    read = {"calculators/a.json": {"states": {"0": "É 1"}}, "quizzes/b.json": {"kind": "choice", "x": 0.1},
            "figures/c.json": {"data": [{"y": [1, 2]}], "layout": {}}, "studio-facts.json": {"regions": ["eastus"]}}
    for name, value in read.items():
        (static / name).write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
    (static / "download.json").write_text("{}", encoding="utf-8")  # a file the pages link to, not one they read
    with zipfile.ZipFile(offline_zip(site, tmp_path / "copy.zip")) as z:
        names = set(z.namelist())
        page = z.read("guide/book/page.html").decode()
        scripts = {n: z.read(n).decode() for n in names if n.endswith(".json.js")}
        assert z.read("guide/_static/entry.offline.js").decode() == classic_script(static, "entry.js")
    assert re.findall(r"<script[^>]*>", page) == ['<script defer src="../_static/entry.offline.js">',
                                                  '<script defer src="../_static/other.offline.js">',
                                                  '<script type="module">']   # an inline module stays as it is
    assert {"guide/_static/entry.offline.js", "guide/_static/other.offline.js", "guide/_static/entry.js"} <= names
    assert set(scripts) == {f"guide/_static/{n}.js" for n in read}
    for name, value in read.items():
        text = scripts[f"guide/_static/{name}.js"]
        prefix = "window.bookJSON.set(document.currentScript, "
        assert text.startswith(prefix) and text.endswith(");\n") and text.isascii()
        assert json.loads(text[len(prefix):-3]) == value


def test_the_readme_says_to_open_the_copy_first_and_to_serve_it_as_the_alternative():
    opened, served = README.index("Double-click index.html"), README.index("http.server")
    assert opened < served and "no Python needed" in README[:served]
    for system in ("Windows", "macOS", "Linux"):
        assert system in README[opened:served] and system in README[served:], system
    assert "py -m http.server" in README and "python3 -m http.server" in README


BAD_INPUT = [
    (classic_script, {"static": STATIC, "entry": "quiz.js"}, "entry", [("nothing.js", "got 'nothing.js'")]),
]


def test_bad_input(bad_input):
    bad_input.check()
