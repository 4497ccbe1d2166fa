"""One naming rule, read from the glossary's table ("Units, and how the code names them" in book/glossary.md): a
name that carries a unit carries it with one of the table's suffixes, and each of the table's examples is a name the
code uses. The names are the model's: its functions' parameters, the keys of the dicts it writes and returns, the
columns of the tables it returns, its dataclasses' fields. (The names a chapter gives its numbers with ``put`` are
read only to find the table's examples.)"""
import ast
import dataclasses
import importlib.util
import inspect
import json
import pkgutil
import re
from pathlib import Path

import pandas as pd
import pytest

import storageperf

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "book" / "glossary.md"

#: Words that name a unit but are none of the glossary's suffixes: seconds spelled out, the decimal sizes the model
#: never keeps (``kb``, ``tb``), a bare ``mib`` or ``mb`` (MiB/s is ``mibps``, MB/s ``mb_per_s``), the ambiguous
#: lower-case ``mbps``, and percentages and fractions (a fraction is a ``_share``).
OTHER_UNIT_WORDS = {"sec", "secs", "second", "seconds", "mbps", "gbps", "kbps", "mbs", "kb", "mb", "gb", "tb", "pb",
                    "mib", "pib", "mbit", "gbit", "bytes_per_s", "pct", "percent", "fraction"}


def glossary_table():
    """``(suffixes, examples)`` of the glossary's table: each row's backticked suffixes and its examples."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split("## Units, and how the code names them", 1)[1].split("\n## ", 1)[0]
    suffixes, examples = [], []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            suffixes += re.findall(r"`([^`]+)`", cells[0])
            examples += re.findall(r"`([^`]+)`", cells[2])
    settings = next(p for p in section.split("\n\n") if p.startswith("A setting keeps the name"))
    return suffixes, examples, set(re.findall(r"`([^`]+)`", settings))


#: The table's suffixes and examples, and the settings that keep their own system's name (the paragraph below it).
SUFFIXES, EXAMPLES, SYSTEM_NAMES = glossary_table()
#: The glossary's suffixes as runs of words, longest first (``_mb_per_s`` is ``mb``, ``per``, ``s``).
FORMS = sorted((tuple(s.lstrip("_").split("_")) for s in SUFFIXES if s == s.lower()), key=len, reverse=True)
UNIT_WORDS = {w for form in FORMS for w in form if w not in ("per", "ops")} | OTHER_UNIT_WORDS


def breaks_rule(name):
    """The unit word of ``name`` that is not part of one of the glossary's suffixes, or None. Only lower-case
    snake_case names are names (``MiB/s``, ``KB`` and ``Mbps`` are unit strings)."""
    if name in SYSTEM_NAMES:
        return None
    words, i = name.split("_"), 0
    while i < len(words):
        form = next((f for f in FORMS if tuple(words[i:i + len(f)]) == f), None)
        if form:
            i += len(form)
            continue
        if words[i] in UNIT_WORDS:
            return words[i]
        i += 1
    return None


def _is_name(key):
    return isinstance(key, str) and re.fullmatch(r"[a-z][a-z0-9_]*", key) is not None


# The names, read from the source ---------------------------------------------------------------------------------

def _modules():
    found = [storageperf]
    for info in pkgutil.walk_packages(storageperf.__path__, "storageperf."):
        if not info.name.rsplit(".", 1)[-1].startswith("_"):
            found.append(importlib.import_module(info.name))
    return found


MODULES = _modules()


def _public_functions():
    """Every public function and class of the model, once, with where it lives."""
    seen, out = set(), []
    for module in MODULES:
        for name, obj in vars(module).items():
            if name.startswith("_") or not (inspect.isfunction(obj) or inspect.isclass(obj)):
                continue
            if not getattr(obj, "__module__", "").startswith("storageperf") or id(obj) in seen:
                continue
            seen.add(id(obj))
            out.append((f"{obj.__module__}.{obj.__qualname__}", obj))
    return out


FUNCTIONS = _public_functions()


def parameter_names():
    """``{name: where}`` for every parameter of every public function and class (its ``__init__``) of the model."""
    found = {}
    for where, obj in FUNCTIONS:
        try:
            params = inspect.signature(obj).parameters
        except (TypeError, ValueError):
            continue
        for p in params:
            found.setdefault(p, f"{where} (parameter)")
    return found


def written_names():
    """``{name: where}`` for the keys the model writes: dict literals and ``dict(...)`` keywords, the columns of
    ``assign`` and ``DataFrame`` calls, the new names of ``rename``, and the fields of its dataclasses and NamedTuples. A private
    module-level table (``_SECONDS``) is the module's own and is left out."""
    found = {}
    for path in sorted((ROOT / "storageperf").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        private = set()
        for node in tree.body:
            if isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) and t.id.startswith("_")
                                                    for t in node.targets):
                private |= {id(n) for n in ast.walk(node.value)}
        renames = {id(a) for node in ast.walk(tree) if isinstance(node, ast.Call)
                   and isinstance(node.func, ast.Attribute) and node.func.attr == "rename"
                   for a in node.args + [kw.value for kw in node.keywords] if isinstance(a, ast.Dict)}
        where = path.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            keys = []
            if isinstance(node, ast.Dict) and id(node) not in private:  # a rename writes its values, not its keys
                keys = [k.value for k in (node.values if id(node) in renames else node.keys)
                        if isinstance(k, ast.Constant)]
            elif isinstance(node, ast.Call) and id(node) not in private:
                func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if func in ("dict", "assign"):
                    keys = [kw.arg for kw in node.keywords if kw.arg]
            elif isinstance(node, ast.ClassDef):
                keys = [s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
            for key in keys:
                if _is_name(key):
                    found.setdefault(key, f"{where}:{node.lineno} (key)")
    return found


# The names, from calling the model --------------------------------------------------------------------------------

def _good_calls():
    """Calls the tests already know to be valid: every public function whose parameters all have defaults, and the
    good call of each row of the tests' ``BAD_INPUT`` tables."""
    calls = []
    for where, obj in FUNCTIONS:
        if inspect.isfunction(obj):
            params = inspect.signature(obj).parameters.values()
            if all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
                calls.append((where, obj, {}))
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        if "BAD_INPUT" not in path.read_text(encoding="utf-8") or path.name == "test_naming.py":
            continue
        spec = importlib.util.spec_from_file_location(f"_naming_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for func, good, _, _ in getattr(module, "BAD_INPUT", []):
            if getattr(func, "__module__", "").startswith("storageperf."):
                calls.append((f"{func.__module__}.{func.__qualname__}", func, good))
    return calls


def _keys(value, depth=0):
    """The names inside a returned value: dict keys, table columns and index names, dataclass fields, recursively."""
    if depth > 3:
        return set()
    out = set()
    if isinstance(value, dict):
        for k, v in value.items():
            out |= {k} | _keys(v, depth + 1)
    elif isinstance(value, pd.DataFrame):
        out |= set(map(str, value.columns)) | {n for n in value.index.names if n}
    elif isinstance(value, pd.Series):
        out |= {value.name} | {n for n in value.index.names if n}
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        out |= {f.name for f in dataclasses.fields(value)}
    elif isinstance(value, tuple) and hasattr(value, "_fields"):
        out |= set(value._fields)
    elif isinstance(value, (list, tuple)):
        for v in value[:3]:
            out |= _keys(v, depth + 1)
    return {k for k in out if _is_name(k)}


def returned_names():
    """``{name: where}`` for the keys, columns and fields of what the model returns on valid calls."""
    found = {}
    for where, func, good in _good_calls():
        try:
            value = func(**good)
        except (TypeError, ValueError, FileNotFoundError):   # needs an argument the table does not give
            continue
        for key in _keys(value):
            found.setdefault(key, f"{where} (returned)")
    return found


def chapter_names():
    """``{name: where}`` for the names the chapters give their numbers with ``put("name", ...)``."""
    found = {}
    for path in sorted((ROOT / "book").rglob("*.ipynb")):
        if "_build" in path.parts:
            continue
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                for name in re.findall(r"put\(f?\"([a-z0-9_{}]+)\"", "".join(cell["source"])):
                    found.setdefault(re.sub(r"\{[^}]*\}", "x", name), f"{path.relative_to(ROOT)} (put)")
    return found


def test_the_glossary_table_reads_as_a_rule():
    # the parser finds the table: the suffixes of its first column, the examples of its last
    assert {"_mibps", "_mb_per_s", "_kib", "_ms", "_usd", "_share", "ops_per_s", "iops"} <= set(SUFFIXES), SUFFIXES
    assert "volume_ceiling_mibps" in EXAMPLES and len(EXAMPLES) >= len(FORMS) - 2, EXAMPLES
    # a name the table's suffixes do not cover is not let through by a kept system name
    assert "read_ahead_kb" in SYSTEM_NAMES and "chunk_kb" not in SYSTEM_NAMES
    # and the table's own examples keep its rule
    assert [e for e in EXAMPLES if breaks_rule(e)] == []


@pytest.mark.parametrize("name, words", [
    ("volume_ceiling_mibps", None), ("throughput_mb_per_s", None), ("ops_per_s", None), ("read_iops", None),
    ("usd_per_tib_month", None), ("bytes_per_op_kib", None), ("read_share", None), ("mibps", None),
    ("mib_per_s", "mib"), ("write_mib_per_s", "mib"), ("ops_per_sec", "sec"), ("mb_per_sec", "mb"),
    ("network_mbps", "mbps"), ("chunk_kb", "kb"), ("max_storage_tb", "tb"), ("sampled_fraction", "fraction"),
    ("runtime_s", None), ("read_ahead_kb", None),   # seconds are in the table; Linux's name is kept
])
def test_the_rule_tells_a_glossary_suffix_from_another_unit_word(name, words):
    assert breaks_rule(name) == words


@pytest.mark.parametrize("kind", ["parameters", "written keys", "returned keys"])
def test_every_name_with_a_unit_in_the_model_uses_a_glossary_suffix(kind):
    names = {"parameters": parameter_names, "written keys": written_names, "returned keys": returned_names}[kind]()
    assert len(names) > 20, names                     # the walk found the names
    broken = sorted(f"{name} ({breaks_rule(name)}): {where}" for name, where in names.items() if breaks_rule(name))
    assert broken == [], "\n".join(broken)


def test_every_example_of_the_glossary_is_a_name_the_code_uses():
    """An example is a name in the model (a parameter, a key, a module's attribute) or one a chapter gives a
    number (``d32_mbit_per_s``: the model keeps no megabits)."""
    attributes = {name for module in MODULES for name in vars(module)}
    names = (set(parameter_names()) | set(written_names()) | set(returned_names()) | attributes
             | set(chapter_names()))
    missing = [e for e in EXAMPLES if e not in names]
    assert missing == [], missing
