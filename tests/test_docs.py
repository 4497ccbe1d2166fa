"""The front-door documents (README.md, CONTRIBUTING.md, docs/architecture.md) name only what exists: every path in
backticks is a file or folder of the repository (or one the build writes), every ``make <target>`` is a target of
the Makefile, every ``storageperf...`` or ``storageperf_book...`` name imports, every environment variable is read
by the code, and the README's example computes the numbers its comments state."""
import importlib
import re
from pathlib import Path

import pytest
from numpy.testing import assert_allclose

ROOT = Path(__file__).resolve().parent.parent
DOCS = ["README.md", "CONTRIBUTING.md", "docs/architecture.md"]
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
TARGETS = set(re.findall(r"^([\w-]+):", MAKEFILE, flags=re.M))
SKIP = {".git", ".venv", "_build", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis", ".jupyter_cache"}
# What the build and the tools write, named by where it lands: the site's own paths (relative to the built site),
# the workshop's editions (relative to _build/workshop), and what git ignores (.gitignore)
WRITTEN = ("_build/", "build/", "dist/", ".venv/", "_static/", "participant", "instructor/", "instructor.zip",
           "plotly-basic.min.js", "plotly.min.js", "studio-facts.json")
# the extensions a file of the repository has; a bare name with one of them must be a file somewhere in it
EXTENSIONS = ("py", "ipynb", "md", "csv", "json", "yaml", "yml", "toml", "txt", "js", "css", "sh", "bib", "cfg", "in")


def _files():
    found = []
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if not SKIP & set(parts) and not any(p.endswith(".egg-info") for p in parts):
            found.append(path)
    return found


FILES = _files()
NAMES = {p.name for p in FILES if p.is_file()}


def _text(doc):
    return (ROOT / doc).read_text(encoding="utf-8")


def _spans(text):
    """The contents of every inline code span (fenced blocks left out)."""
    prose = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    return [s.strip() for s in re.findall(r"(?<!`)``?(?!`)([^`\n]+?)``?(?!`)", prose)]


def _is_path(span):
    if re.search(r"[\s=(){}\"',;|:@]", span) or span.startswith(("-", "$", ".")):
        return span.startswith((".ci/", ".github/")) and " " not in span
    return "/" in span or re.fullmatch(rf"[\w.-]+\.(?:{'|'.join(EXTENSIONS)})", span) is not None


def _exists(span):
    if span.startswith(WRITTEN):
        return True
    path = span.rstrip("/")
    if "<" in path:  # a placeholder (<name>, <chapter>): the part before it must exist
        path = path[:path.index("<")].rstrip("/_")
        if "/" not in path:
            return True
        path = path.rsplit("/", 1)[0] if not (ROOT / path).exists() else path
    if "*" in path:
        return any(ROOT.glob(path))
    if "/" not in path:
        return path in NAMES or (ROOT / path).exists()
    return (ROOT / path).exists() or any((ROOT / f"{path}{ext}").exists() for ext in (".ipynb", ".md"))


def _make_targets(text):
    """The targets of every ``make <target>`` in code: inline spans and fenced blocks."""
    code = _spans(text) + re.findall(r"^```.*?^```", text, flags=re.M | re.S)
    return re.findall(r"\bmake ([a-z][\w-]*)", "\n".join(code))


def _dotted_names(text):
    return sorted(set(re.findall(r"\b(storageperf(?:_book)?(?:\.[A-Za-z_]\w*)+)", text)))


def _resolves(name):
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attr in parts[i:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


@pytest.fixture(params=DOCS)
def doc(request):
    if not (ROOT / request.param).exists():
        pytest.fail(f"{request.param} does not exist")
    return request.param


def test_every_path_a_document_names_exists(doc):
    missing = [s for s in _spans(_text(doc)) if _is_path(s) and not _exists(s)]
    assert not missing, f"{doc} names paths the repository does not have: {missing}"


def test_every_make_target_a_document_names_is_in_the_makefile(doc):
    missing = sorted(set(_make_targets(_text(doc))) - TARGETS)
    assert not missing, f"{doc} names make targets the Makefile does not have: {missing}"


def test_every_name_of_the_model_or_the_book_a_document_names_imports(doc):
    missing = [n for n in _dotted_names(_text(doc)) if not _resolves(n)]
    assert not missing, f"{doc} names what storageperf or storageperf_book does not have: {missing}"


def test_every_environment_variable_a_document_names_is_read_by_the_code(doc):
    code = "\n".join(p.read_text(encoding="utf-8") for p in FILES
                     if p.suffix in (".py", ".yml", ".yaml") and p.is_file() and p.name != "test_docs.py")
    named = set(re.findall(r"\b((?:STORAGEPERF|GUIDE)_[A-Z_]+)\b", _text(doc)))
    assert not [v for v in named if v not in code], f"{doc}: {sorted(v for v in named if v not in code)}"


def test_every_constant_a_document_names_is_defined(doc):
    # a module-level name in capitals (`CAPSTONES`, `STATE_BUDGET`, `BAD_INPUT`) is assigned in some module
    code = "\n".join([MAKEFILE] + [p.read_text(encoding="utf-8") for p in FILES if p.suffix == ".py" and p.is_file()])
    named = {s for s in _spans(_text(doc)) if re.fullmatch(r"[A-Z][A-Z0-9_]+", s) and not s.startswith(("STORAGEPERF_", "GUIDE_"))}
    missing = sorted(n for n in named if not re.search(rf"^\s*{n}\b[^=\n]*=", code, flags=re.M) and not (ROOT / n).exists())
    assert not missing, f"{doc} names constants no module defines: {missing}"


def test_the_readmes_example_computes_what_its_comments_say():
    block = re.search(r"```python\n(.*?)```", _text("README.md"), flags=re.S).group(1)
    scope = {}
    checked = 0
    for line in block.splitlines():
        code, _, comment = line.partition("#")
        stated = re.match(r"\s*(-?[\d.]+(?:e-?\d+)?)\b", comment)
        error = re.match(r"\s*(ValueError: .+)$", comment)
        if error:
            with pytest.raises(ValueError) as raised:
                eval(code, scope)
            assert f"ValueError: {raised.value}" == error[1]
        elif stated:
            assert_allclose(float(eval(code, scope)), float(stated[1]), rtol=1e-6)  # the number the comment states
        else:
            exec(code, scope)
            continue
        checked += 1
    assert checked >= 3


def test_the_checks_can_fail():
    # each check finds what it is for in a made-up text
    text = "`storageperf/nowhere.py`, `book/_static/nothing.js`, `make publish`, `storageperf.data.no_such_function`"
    assert [s for s in _spans(text) if _is_path(s) and not _exists(s)] == ["storageperf/nowhere.py",
                                                                            "book/_static/nothing.js"]
    assert set(_make_targets(text)) - TARGETS == {"publish"}
    assert [n for n in _dotted_names(text) if not _resolves(n)] == ["storageperf.data.no_such_function"]
    assert _exists("data/sources/<name>_*.csv") and _exists("book/sizing-studio") and _exists("tests/test_docs.py")
