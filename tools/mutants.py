"""Mutation testing, a part of the benchmark (``tools/benchmark.py --only mutation``), not a test.

Python: mutmut (configured in pyproject.toml, ``[tool.mutmut]``) mutates storageperf/checks.py and the concepts
bounds and queueing in a copy of the project (mutants/), one mutant at a time in one process, each against the quick
tests of those modules that cover the mutated function. The page: each of :data:`PAGE` is one realistic one-line
change of a site script, written into the real file, the differential tests that run that script in node against
the Python model run (:data:`PAGE_TESTS`), and the file restored whatever happens. A mutant is killed when a test
fails. Returns Markdown: made, killed, survived and the kill ratio of each, and every survivor.
"""
import ast
import difflib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
NICE = ["nice", "-n", "10"]

#: The differential tests of the page against the model (node runs studio.js and fio.js): seconds, not minutes.
PAGE_TESTS = ["tests/test_studio.py", "tests/test_measurements.py", "-k",
              "page_and_the_model or vm_network_binds or site_s_reader_agrees_with_read_fio "
              "or block_size_for_each_direction or hand_edited or random_and_a_sequential_test"]

#: (file, the line's text as it is, as the mutant has it, why it is a mistake one could make)
PAGE = [
    ("book/_static/studio.js", "return io >= sKib ? sMibps :", "return io > sKib ? sMibps :",
     "the sequential test's own size read as below it (>= to > at the threshold)"),
    ("book/_static/studio.js", "size >= F.anf.mix_curves_kib.sequential[0] ?",
     "size > F.anf.mix_curves_kib.sequential[0] ?",
     "an I/O of the sequential curves' smallest size taken as random"),
    ("book/_static/studio.js", "S.network_mb_per_s / w.read_share : INF", "S.network_mb_per_s : INF",
     "the read share ignored in the VM's network cap (writes counted against egress)"),
    ("book/_static/studio.js", "const bound = w.clients === null ? null : clientLimit(F, w);", "const bound = null;",
     "the client cap removed"),
    ("book/_static/studio.js", "return [w.clients * one, ", "return [one, ",
     "the clients' limit of one client, whatever their number"),
    ("book/_static/studio.js", "if (at > T.ops[1] * (1 + 1e-12)) lat = Infinity;", "if (at > T.ops[1]) lat = Infinity;",
     "the tolerance at the curve's last measured load removed"),
    ("book/_static/studio.js", "Math.ceil(cap / step - 1e-9) * step", "Math.ceil(cap / step) * step",
     "the tolerance of a pool's size in whole steps removed"),
    ("book/_static/studio.js", "if (target <= 0 || target > 1)", "if (target < 0 || target > 1)",
     "a target utilization of 0 accepted"),
    ("book/_static/studio.js", "binding = n * quota >= assigned / F.anf.flexible_per_tib ?",
     "binding = n * quota > assigned / F.anf.flexible_per_tib ?",
     "a Flexible pool whose data and throughput need the same size said to be set by the throughput"),
    ("book/_static/studio.js", "feasible: quota <= high && granted >= need};",
     "feasible: quota <= high && granted > need};",
     "a volume granted exactly the need called infeasible"),
    ("book/_static/fio.js", "const i = { read: 0, write: 1, trim: 2, mixed: 0 }[direction];",
     "const i = { read: 0, write: 0, trim: 2, mixed: 0 }[direction];",
     "the writes' block size taken from the reads' part of bs=4k,64k"),
    ("book/_static/fio.js", "const binary = (kbBase === 1024) !== iec;", "const binary = kbBase === 1024;",
     "fio's kb_base read without its IEC (KiB) units"),
    ("book/_static/fio.js", "return part.trim() ? part : FIO_DEFAULTS.bs;", "return part;",
     "an empty part of bs (bs=,64k) not given fio's default"),
    ("book/_static/fio.js", "&& !(r === w && w === t);", ";",
     "the mean I/O size taken also when every direction has one size"),
]


def _run(cmd, **kw):
    return subprocess.run([*NICE, *cmd], cwd=ROOT, capture_output=True, text=True, **kw)


def _where(name):
    """``file:line: the changed line`` of mutmut's mutant ``name`` (storageperf.checks.x_number__mutmut_8), from its
    function beside the original in mutants/; lines are the original file's."""
    module, func = name.rsplit(".", 1)
    rel = Path(*module.split(".")).with_suffix(".py")
    tree = ast.parse((ROOT / "mutants" / rel).read_text(encoding="utf-8"))
    source = (ROOT / "mutants" / rel).read_text(encoding="utf-8").splitlines()
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    orig_name = func.rsplit("__mutmut_", 1)[0] + "__mutmut_orig"
    orig, mutant = defs[orig_name], defs[func]
    a = source[orig.lineno - 1:orig.end_lineno]
    b = source[mutant.lineno - 1:mutant.end_lineno]
    real = orig_name.removeprefix("x_").removesuffix("__mutmut_orig")
    start = next(i for i, line in enumerate((ROOT / rel).read_text(encoding="utf-8").splitlines(), 1)
                 if line.lstrip().startswith(f"def {real}("))
    b = [b[0].replace(func, orig_name), *b[1:]]  # a default argument mutated shows on the def line
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            old = " / ".join(s.strip() for s in a[i1:i2]) or "(nothing)"
            new = " / ".join(s.strip() for s in b[j1:j2]) or "(removed)"
            return f"{rel}:{start + i1}: `{old}` -> `{new}`"
    return f"{rel}:{start}: (no textual change found)"


def python_mutants():
    """(made, killed, survivors) of a fresh mutmut run."""
    shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    run = _run([str(BIN / "mutmut"), "run", "--max-children", "1"])
    if run.returncode != 0:
        raise RuntimeError(f"mutmut run failed:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}")
    results = _run([str(BIN / "mutmut"), "results", "--all", "true"]).stdout
    status = dict(line.strip().rsplit(": ", 1) for line in results.splitlines() if ": " in line)
    survivors = sorted(n for n, s in status.items() if s != "killed")
    return len(status), len(status) - len(survivors), [f"{_where(n)} ({status[n]})" for n in survivors]


def page_mutants():
    """(made, killed, survivors) of :data:`PAGE`, each in the real file for its tests' run, restored after."""
    killed, survivors = 0, []
    for path, old, new, why in PAGE:
        file = ROOT / path
        text = file.read_text(encoding="utf-8")
        if text.count(old) != 1:
            raise RuntimeError(f"{path}: the mutated text must occur once, found {text.count(old)}: {old!r}")
        line = text[:text.index(old)].count("\n") + 1
        try:
            file.write_text(text.replace(old, new), encoding="utf-8")
            run = _run([str(BIN / "pytest"), "-q", "-x", "-p", "no:cacheprovider", *PAGE_TESTS])
        finally:
            file.write_text(text, encoding="utf-8")
        if run.returncode == 5 or "passed" not in run.stdout + run.stderr and "failed" not in run.stdout + run.stderr:
            raise RuntimeError(f"the page's tests did not run:\n{run.stdout[-2000:]}")
        if run.returncode != 0:
            killed += 1
        else:
            survivors.append(f"{path}:{line}: `{old}` -> `{new}` ({why})")
    return len(PAGE), killed, survivors


def report():
    """Markdown: the table of both kinds of mutants, then their survivors."""
    rows, lists = [], []
    for what, (made, killed, survivors) in (("Python (mutmut: checks, concepts.bounds, concepts.queueing)",
                                             python_mutants()),
                                            ("the page (studio.js, fio.js: one-line rules)", page_mutants())):
        rows.append(f"| {what} | {made} | {killed} | {made - killed} | {killed / made:.1%} |")
        lists.append(f"Survivors, {what}: " + ("none." if not survivors else
                                                "\n\n" + "\n".join(f"- {s}" for s in survivors)))
    table = "\n".join(["| mutants | made | killed | survived | kill ratio |", "| --- | --- | --- | --- | --- |",
                       *rows])
    return "\n\n".join(["Mutation testing (goal: at least 90 % killed by the quick tests).", table, *lists])


if __name__ == "__main__":
    print(report())
