"""The workshop pages (book/workshop/): the run sheets add up and link what exists, the setup check reads what the
guide supports, the cheat sheet's numbers are the model's, the intro sends participants to the right
requirements, and the publishing workflow builds as the README says."""
import re
from email.message import Message
from pathlib import Path

import nbformat
import pytest
import yaml

from storageperf_book import setup_check

ROOT = Path(__file__).resolve().parent.parent
WORKSHOP = ROOT / "book" / "workshop"
PAGES = sorted(p for p in WORKSHOP.glob("*") if p.suffix in (".md", ".ipynb"))
RUN_SHEETS = (WORKSHOP / "run-sheets.md").read_text(encoding="utf-8")
TOC = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def _clock(text):
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


def _sheets():
    """Each run sheet: its heading, the total it states, the clock it states (or None), and its rows."""
    sheets = []
    for m in re.finditer(r"^## (.+\((\d+) minutes(?:, (\d+:\d\d) to (\d+:\d\d))?\))\n\n((?:\|.*\n)+)", RUN_SHEETS,
                         flags=re.M):
        lines = [line.strip().strip("|").split("|") for line in m.group(5).splitlines()]
        header = [h.strip() for h in lines[0]]
        rows = [dict(zip(header, (c.strip() for c in line))) for line in lines[2:]]
        clock = (m.group(3), m.group(4)) if m.group(3) else None
        sheets.append((m.group(1), int(m.group(2)), clock, rows))
    return sheets


SHEETS = _sheets()


def test_there_are_a_three_hour_and_a_full_day_sheet():
    totals = [total for _, total, _, _ in SHEETS]
    assert len(SHEETS) == 2 and totals[0] == 3 * 60, [h for h, *_ in SHEETS]
    assert totals[1] > totals[0]


@pytest.mark.parametrize("sheet", SHEETS, ids=[h for h, *_ in SHEETS])
def test_a_sheets_minutes_add_up_to_its_total_and_its_clock(sheet):
    heading, total, clock, rows = sheet
    minutes = [int(r["Minutes"]) for r in rows]
    assert all(m > 0 for m in minutes)
    assert sum(minutes) == total, f"{heading}: the blocks add up to {sum(minutes)} minutes"
    starts = [_clock(r["Start"]) for r in rows]
    for i, (start, after) in enumerate(zip(starts, starts[1:])):
        assert after == start + minutes[i], f"{heading}: {rows[i + 1]['Block']!r} starts at {rows[i + 1]['Start']}"
    if clock:
        assert starts[0] == _clock(clock[0]) and _clock(clock[1]) - _clock(clock[0]) == total, heading
    else:
        assert starts[0] == 0, heading


@pytest.mark.parametrize("sheet", SHEETS, ids=[h for h, *_ in SHEETS])
def test_a_sheet_has_breaks_the_setup_check_and_the_capstone(sheet):
    heading, _, _, rows = sheet
    blocks = [r["Block"] for r in rows]
    assert any(b in ("Break", "Lunch") for b in blocks), heading
    assert "setup-check" in rows[0]["Pages and calculators"], heading
    assert any("Capstone" in b and "sizing studio" in b for b in blocks), heading
    teaching = [r for r in rows if r["Block"] not in ("Break", "Lunch")]
    assert all(r["Pages and calculators"] for r in teaching), f"{heading}: a block without its pages"


def _labels():
    """Every label the book defines: exercises (``:label:``) and targets (``(name)=``)."""
    text = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "book").rglob("*") if p.suffix in (".md", ".ipynb"))
    return set(re.findall(r":label: ([\w-]+)", text)) | set(re.findall(r"\(([\w-]+)\)=", text))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_of_a_workshop_page_exists(page):
    text = page.read_text(encoding="utf-8")
    docs = re.findall(r"\{doc\}`([^`<]+?)`", text) + re.findall(r"\{doc\}`[^`]*<([^>]+)>`", text)
    missing = [d for d in docs if not any((page.parent / f"{d}{ext}").exists() for ext in (".md", ".ipynb"))]
    assert not missing, f"{page.name}: {{doc}} links to no page: {missing}"
    refs = re.findall(r"\{ref\}`(?:[^`<]*<)?([\w-]+)>?`", text)
    unknown = sorted(set(refs) - _labels())
    assert not unknown, f"{page.name}: {{ref}} to no label: {unknown}"


def test_the_run_sheets_use_every_chapter_and_exercises_of_each():
    chapters = [Path(c["file"]).name for part in TOC["parts"] if part.get("numbered") for c in part["chapters"]]
    full_day = SHEETS[1][3]
    used = " ".join(r["Pages and calculators"] for r in full_day)
    assert [c for c in chapters if f"../{c}" in used] == chapters
    assert len(re.findall(r"\{ref\}`ex-", " ".join(r["Exercises"] for r in full_day))) >= len(chapters)


def test_the_workshop_part_of_the_table_of_contents_lists_every_page():
    part = next(p for p in TOC["parts"] if p["caption"] == "Workshop")
    assert not part.get("numbered"), "the workshop pages are not chapters"
    listed = [c["file"] for c in part["chapters"]]
    assert sorted(f"book/workshop/{p.stem}" for p in PAGES) == sorted(f for f in listed if f.count("/") == 2)
    captions = [p["caption"] for p in TOC["parts"]]
    assert captions.index("Chapters") < captions.index("Workshop") < captions.index("Reference")


# The setup check ---------------------------------------------------------------------------------------------------

def _pyproject_metadata():
    """The metadata pyproject.toml declares, as an installed package's would read (Requires-Python, Classifier)."""
    meta = Message()
    meta["Requires-Python"] = re.search(r'^requires-python = "([^"]+)"', PYPROJECT, flags=re.M).group(1)
    block = re.search(r"^classifiers = \[(.*?)\]", PYPROJECT, flags=re.M | re.S).group(1)
    for classifier in re.findall(r'"([^"]+)"', block):
        meta["Classifier"] = classifier
    return meta


def test_the_pythons_the_setup_check_reads_are_the_readmes_and_the_makefiles():
    requires, versions = setup_check.supported_pythons(_pyproject_metadata())
    wheel_pythons = [tuple(int(n) for n in v.split(".")) for v in
                     re.search(r"^WHEEL_PYTHONS\s*:=\s*(.+)$", MAKEFILE, flags=re.M).group(1).split()]
    assert versions == wheel_pythons
    low, high = (f"{a}.{b}" for a, b in (versions[0], versions[-1]))
    assert requires == f">={low}"
    assert f"support Python {low} to {high}" in README
    # wherever a participant reads which Pythons: the intro, the workshop pages, a runnable download's README
    from storageperf_book import archive

    said = {"README.md": README, "archive.README": archive.README}
    said |= {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
             for p in [ROOT / "book" / "intro.md", *PAGES]}
    ranges = {where: re.findall(r"Python (\d+\.\d+) to (\d+\.\d+)", text) for where, text in said.items()}
    assert ranges["book/intro.md"] and ranges["book/workshop/before-the-day.md"], ranges
    wrong = {where: found for where, found in ranges.items() if set(found) - {(low, high)}}
    assert not wrong, f"Pythons other than {low} to {high}: {wrong}"


@pytest.mark.parametrize("version, problem", [
    ((3, 11, 0), None), ((3, 13, 9), None), ((3, 10, 14), "requires Python >=3.11"),
    ((3, 14, 0), "not one the guide is tested with (3.11, 3.12, 3.13)")])
def test_the_setup_check_judges_a_python_by_the_metadata(version, problem):
    problems = setup_check.python_problems(version, _pyproject_metadata())
    assert problems == [] if problem is None else problem in problems[0]


def test_the_setup_check_knows_the_platforms_make_wheels_checks():
    tags = re.search(r"^WHEEL_PLATFORMS\s*:=\s*((?:.*\\\n)*.*)$", MAKEFILE, flags=re.M).group(1).split()
    tags = [t for t in tags if t != "\\"]
    expected = {}
    for tag in (t.split(",")[0] for t in tags):
        if tag == "win_amd64":
            expected[("Windows", "AMD64")] = None
        elif m := re.fullmatch(r"macosx_(\d+)_(\d+)_(\w+)", tag):
            expected[("Darwin", m.group(3))] = (int(m.group(1)), int(m.group(2)))
        elif m := re.fullmatch(r"manylinux_(\d+)_(\d+)_(\w+)", tag):
            expected[("Linux", m.group(3))] = (int(m.group(1)), int(m.group(2)))
    held = {(s, machine): oldest for s, machines in setup_check.PLATFORMS.items() for machine, oldest in machines.items()}
    assert held == expected


def test_make_handouts_installs_only_what_it_uses():
    # the book's environment and the packages the handouts import beside it, pinned as the tests pin them; not the
    # whole test environment
    import ast
    import sys
    from importlib.metadata import packages_distributions

    rule = re.search(r"^handouts:(.*)$", MAKEFILE, flags=re.M).group(1)
    assert "$(VENV)/.handouts" in rule and "$(VENV)/.test" not in rule, rule
    extra = re.search(r"^HANDOUT_PACKAGES\s*:=\s*(.+)$", MAKEFILE, flags=re.M).group(1).split()
    pinned = lambda path: {re.split(r"[=<>~!\[ ]", line, maxsplit=1)[0].lower().replace("_", "-")  # noqa: E731
                           for line in (ROOT / path).read_text(encoding="utf-8").splitlines()
                           if line.strip() and not line.startswith("#")}
    assert set(extra) <= pinned("tests/requirements.txt")
    modules = set()
    for path in (ROOT / "storageperf_book" / "handouts.py", ROOT / "tools" / "handouts.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules.add(node.module.split(".")[0])
    third_party = modules - set(sys.stdlib_module_names) - {"storageperf", "storageperf_book"}
    owners = packages_distributions()
    needed = {d.lower().replace("_", "-") for m in third_party for d in owners.get(m, [m])}
    assert needed - pinned("requirements.txt") - set(extra) == set(), needed


def _tool(name):
    import importlib

    return importlib.import_module(f"tools.{name}")


def test_make_wheels_asks_for_what_only_another_platform_installs(tmp_path):
    # pip evaluates markers for the machine it runs on: the tool evaluates them again for each platform it checks
    import zipfile

    wheels = _tool("wheels")
    assert "tools/wheels.py binder/requirements.txt" in MAKEFILE and '"$(WHEEL_PLATFORMS)"' in MAKEFILE
    needs = ['pywinpty>=2.0.1; os_name == "nt"', 'colorama; sys_platform == "win32"',
             'appnope>=0.1.2; platform_system == "Darwin"', "b>=1", 'pytest; extra == "test"',
             'tomli; python_version < "3.11"']
    for name, requires in (("a", needs), ("b", [])):
        with zipfile.ZipFile(tmp_path / f"{name}-1.0-py3-none-any.whl", "w") as z:
            z.writestr(f"{name}-1.0.dist-info/METADATA",
                       "Metadata-Version: 2.1\nName: " + name + "\nVersion: 1.0\n"
                       + "".join(f"Requires-Dist: {r}\n" for r in requires))
    found = sorted(tmp_path.glob("*.whl"))
    assert wheels.missing(found, wheels.environment("win_amd64", "3.12")) == ["colorama", "pywinpty"]
    assert wheels.missing(found, wheels.environment("macosx_11_0_arm64", "3.12")) == ["appnope"]
    assert wheels.missing(found, wheels.environment("manylinux_2_34_x86_64", "3.11")) == []
    with pytest.raises(ValueError, match="platform must be a wheel tag.*got 'musllinux_1_2_riscv64'"):
        wheels.environment("musllinux_1_2_riscv64", "3.12")


@pytest.mark.parametrize("system, machine, os_version, ok", [
    ("Linux", "x86_64", (2, 34), True), ("Linux", "x86_64", (2, 31), False), ("Linux", "aarch64", (2, 39), False),
    ("Darwin", "arm64", (11, 0), True), ("Darwin", "x86_64", (10, 14), False), ("Windows", "AMD64", None, True),
    ("Windows", "ARM64", None, False)])
def test_the_setup_check_judges_a_platform(system, machine, os_version, ok):
    assert (setup_check.platform_problems(system, machine, os_version) == []) == ok


def test_the_setup_checks_calculation_is_the_hpc_chapters_sizing():
    from storageperf import data
    from storageperf.platforms import azure_netapp_files as anf

    capacity, throughput, level, usd = setup_check.calculator_answer()
    assert capacity == data.value("hpc_eda_module", "quiz2_capacity_min", "TiB")
    options = anf.sizing_options(capacity, throughput)
    assert options[level]["feasible"] and usd == min(o["usd"] for o in options.values() if o["feasible"])


def test_the_setup_check_notebook_calls_the_check_and_is_committed_without_outputs():
    nb = nbformat.read(WORKSHOP / "setup-check.ipynb", as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert not [c for c in code if c.outputs], "outputs stored in the setup check"
    assert any("setup_check.report()" in c.source for c in code)
    assert "storageperf" not in code[0].source, "the first cell must answer with Python alone"


# The cheat sheet ---------------------------------------------------------------------------------------------------

CHEAT = nbformat.read(WORKSHOP / "cheat-sheet.ipynb", as_version=4)
EVAL_ROLE = re.compile(r"\{eval\}`v\(\"(\w+)\"(?:, \"[^\"]*\")?\)`")


@pytest.fixture(scope="module")
def cheat_values():
    """What the cheat sheet's cells put(), by name: its code run as the build runs it, top to bottom."""
    from storageperf_book import display

    display.VALUES.clear()
    namespace = {}
    for cell in CHEAT.cells:
        if cell.cell_type == "code":
            exec(compile(cell.source, "cheat-sheet.ipynb", "exec"), namespace)  # noqa: S102  (the page's own code)
    values = dict(display.VALUES)
    display.VALUES.clear()
    return values


def test_the_cheat_sheets_numbers_are_the_models(cheat_values):
    from storageperf import data
    from storageperf.concepts import units
    from storageperf.platforms import azure_netapp_files as anf

    expected = {"mib_per_mb": units.convert(1, "MiB", "MB"), "ms_per_s": units.MS_PER_S,
                "hours_per_month": units.HOURS_PER_MONTH, "kib_per_mib": units.convert(1, "MiB", "KiB"),
                "ceiling_breakthrough": anf.volume_ceiling_mibps("Ultra", "breakthrough")}
    for level in anf.SERVICE_LEVELS:
        expected[f"rate_{level.lower()}"] = anf.throughput_per_tib_mibps(level)
        expected[f"cool_{level.lower()}"] = anf.throughput_per_tib_mibps(level, cool_access=True)
    for level in anf.ALL_SERVICE_LEVELS:
        expected[f"ceiling_regular_{level.lower()}"] = anf.volume_ceiling_mibps(level, "regular")
        expected[f"ceiling_large_{level.lower()}"] = anf.volume_ceiling_mibps(level, "large")
    expected["ex_mibps"] = cheat_values["ex_iops"] * cheat_values["ex_kib"] / expected["kib_per_mib"]
    # the prices a TiB (or a MiB/s) a month, as the model prices the smallest pool in the studio's first region
    low, _ = anf.pool_range_tib()
    for level in anf.CAPACITY_METERS:
        expected[f"usd_tib_{level.lower()}"] = anf.monthly_capacity_cost_usd(low, level, "eastus") / low
    base, _ = anf.flexible_throughput_range_mibps(low)
    expected["usd_mibps_flexible"] = anf.monthly_flexible_throughput_cost_usd(base + 1, low, "eastus")
    for name, value in expected.items():
        assert cheat_values[name] == pytest.approx(value, rel=1e-12), name
    # the rates and ceilings are dated with their own documents
    for name, row_id in (("source_rates", "throughput_per_tib_premium"), ("source_large", "volume_ceiling_large")):
        document = data.row("documents", data.row("azure_netapp_files_limits", row_id)["document"])
        assert cheat_values[name].endswith(document["date"]) and document["date"]


def test_the_cheat_sheets_prose_cites_only_what_its_cells_put(cheat_values):
    markdown = "\n".join(c.source for c in CHEAT.cells if c.cell_type == "markdown")
    cited = set(EVAL_ROLE.findall(markdown))
    assert cited and cited <= set(cheat_values), sorted(cited - set(cheat_values))
    assert len(EVAL_ROLE.findall(markdown)) == len(re.findall(r"\{eval\}", markdown)), "an {eval} role the test does not read"
    # no number typed into the prose: what is left after the roles, the code and the stylesheet has no digits
    # but the unit definitions (1 MiB, 1 TiB, 1 Gbit/s; a rate's unit 1/s) and the year a rule is named after
    prose = re.sub(r"<style>.*?</style>", "", markdown, flags=re.S)
    prose = re.sub(r"\{\w+\}`[^`]*`|`[^`]*`", "", prose)
    prose = re.sub(r"^\d+\. ", "", prose, flags=re.M)
    prose = re.sub(r"\b1 (MiB|TiB|TB|Gbit/s)\b|\[1/s\]|\b(2025|2026)\b", "", prose)
    assert not re.findall(r"\d", prose), re.findall(r".{20}\d.{20}", prose)


def test_the_cheat_sheet_prints_on_its_own_and_is_committed_without_outputs():
    assert not [c for c in CHEAT.cells if c.cell_type == "code" and c.outputs]
    first = CHEAT.cells[0].source
    assert "@media print" in first and ".bd-sidebar-primary" in first
    hidden = [c for c in CHEAT.cells if c.cell_type == "code"]
    assert all({"remove-input", "remove-output"} <= set(c.metadata.get("tags", [])) for c in hidden)
    assert all(c.metadata.get("jupyter", {}).get("source_hidden") for c in hidden)


# The intro and the publishing workflow -----------------------------------------------------------------------------

def test_the_intro_sends_participants_to_the_binder_requirements():
    intro = (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    section = intro[intro.index("## For workshop participants"):]
    assert "pip install -r binder/requirements.txt" in section
    assert not re.search(r"pip install -r requirements\.txt", section)
    for page in ("workshop/setup-check", "workshop/before-the-day"):
        assert f"{{doc}}`{page}`" in section


def _readme_build_command():
    block = re.search(r"## Two commands\n\n```bash\n(.*?)```", README, flags=re.S).group(1)
    return next(line.split("#")[0].strip() for line in block.splitlines() if line.startswith("make book"))


def test_the_pages_workflow_builds_with_the_readmes_command_and_the_repository_address():
    from storageperf_book.sphinx.repository import REPOSITORY_ENV

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    steps = [s for job in workflow["jobs"].values() for s in job.get("steps", [])]
    build = [s for s in steps if "run" in s]
    assert len(build) == 1 and build[0]["run"].strip() == _readme_build_command() == "make book"
    assert build[0]["env"] == {REPOSITORY_ENV: "${{ github.server_url }}/${{ github.repository }}"}
    uses = [s["uses"].split("@")[0] for s in steps if "uses" in s]
    assert uses.index("actions/checkout") < uses.index("actions/upload-pages-artifact") < uses.index(
        "actions/deploy-pages")
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "_build/html" and "_build/html" in MAKEFILE
    python = next(s for s in steps if s.get("uses", "").startswith("actions/setup-python"))["with"]["python-version"]
    assert f"python-{python}" == (ROOT / "runtime.txt").read_text(encoding="utf-8").strip()
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads the key on as True
    assert triggers["push"]["branches"] == ["main"]
    # what actions/deploy-pages needs: the Pages and identity-token permissions, the github-pages environment
    assert {"pages": "write", "id-token": "write"}.items() <= workflow["permissions"].items()
    deploy = next(job for job in workflow["jobs"].values()
                  if any(s.get("uses", "").startswith("actions/deploy-pages") for s in job["steps"]))
    assert deploy["environment"]["name"] == "github-pages" and deploy["needs"] == "build"


def test_the_setup_check_names_a_missing_package_a_chapter_needs_and_no_other():
    meta = Message()
    for requirement in ("numpy", 'plotly; extra == "book"', 'no-such-package-of-the-guide; extra == "book"',
                        'also-not-installed; extra == "docs"'):
        meta["Requires-Dist"] = requirement
    assert setup_check.package_problems(meta) == ["the package no-such-package-of-the-guide is not installed"]


def test_the_message_before_the_day_gives_three_ways_in_and_the_proxy_routes():
    text = (WORKSHOP / "before-the-day.md").read_text(encoding="utf-8")
    message = text[text.index("## The message"):text.index("## Behind a proxy")]
    ways = re.findall(r"^> \d\. \*\*([^*]+)\*\*", message, flags=re.M)
    assert ways == ["The site", "Binder", "Your own machine"]
    assert "pip install -r binder/requirements.txt" in message and "{doc}`setup-check`" in message
    proxy = text[text.index("## Behind a proxy"):text.index("## Questions participants ask")]
    for route in ("pip install --proxy ", "HTTPS_PROXY", "--cert", "pip download -r requirements.txt",
                  "--no-index --find-links"):
        assert route in proxy, route
    assert len(re.findall(r"^\*\*.+\?\*\*", text, flags=re.M)) >= 5, "the questions participants ask"


def _exercises():
    """Every exercise of the chapters, by label: its text (the solution not included)."""
    found = {}
    for path in sorted((ROOT / "book").glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            found.update(re.findall(r"```\{exercise\}\n:label: (\S+)\n(.*?)```", cell.source, re.S))
    return found


def test_the_run_sheets_exercises_are_done_on_the_site_but_those_the_sheet_says_need_a_kernel():
    # the fallback row "An exercise needs a live kernel and there is none" names the exercises that still need one;
    # every other exercise the sheets set gives its steps on the site, and none of them says it needs a kernel
    exercises = _exercises()
    fallback = next(line for line in RUN_SHEETS.splitlines() if line.startswith("| An exercise needs a live kernel"))
    assert "solutions are on the page" not in fallback, "the participant's site has no solutions"
    need_kernel = set(re.findall(r"\{ref\}`(ex-[\w-]+)`", fallback))
    named = {label for _, _, _, rows in SHEETS for r in rows
             for label in re.findall(r"\{ref\}`(ex-[\w-]+)`", r["Exercises"])}
    assert need_kernel <= named and len(named) >= 10, (need_kernel, named)
    three_hours = {label for r in SHEETS[0][3] for label in re.findall(r"\{ref\}`(ex-[\w-]+)`", r["Exercises"])}
    assert not need_kernel & three_hours, "the three-hour agenda is done on the site alone"
    wrong = {label: "On the site:" in exercises[label] for label in named
             if ("On the site:" in exercises[label]) == (label in need_kernel)
             or ("Needs a live kernel" in exercises[label]) != (label in need_kernel)}
    assert wrong == {}, "True: gives steps on the site but the sheet says it needs a kernel; False: the reverse"
