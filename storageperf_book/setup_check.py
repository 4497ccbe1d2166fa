"""The workshop's setup check: are this Python, this platform and this installation ready for the chapters?

``book/workshop/setup-check.ipynb`` calls :func:`report`. What the guide supports is read at run time: the Pythons
from the installed package's metadata (``Requires-Python`` and the ``Programming Language :: Python :: 3.x``
classifiers of ``pyproject.toml``), the packages a chapter needs from its ``Requires-Dist`` (the dependencies and
the ``book`` extra), the platforms from :data:`PLATFORMS`, which mirror the Makefile's ``WHEEL_PLATFORMS`` (a test
holds the two together).
"""
from __future__ import annotations

import math
import platform
import re
import sys
from importlib import metadata

#: The platforms ``make wheels`` checks that every package of ``binder/requirements.txt`` has a wheel for (Makefile,
#: ``WHEEL_PLATFORMS``), so that a laptop installs without a compiler: ``platform.system()`` -> ``platform.machine()``
#: -> the oldest operating-system version the wheel tags accept (glibc for Linux, macOS for Darwin, none for Windows).
PLATFORMS = {
    "Windows": {"AMD64": None},
    "Darwin": {"x86_64": (10, 15), "arm64": (11, 0)},
    "Linux": {"x86_64": (2, 34)},
}

#: What participants call the systems ``platform.system()`` names.
NAMES = {"Windows": "Windows", "Darwin": "macOS", "Linux": "Linux"}

_CLASSIFIER = re.compile(r"Programming Language :: Python :: (\d+)\.(\d+)$")
_BOUND = re.compile(r"\s*(>=|<=|<|>|==|!=|~=)\s*(\d+(?:\.\d+)*)\s*")


def _version(text):
    return tuple(int(n) for n in text.split("."))


def supported_pythons(meta=None):
    """What the installed package says about Pythons: its ``Requires-Python`` and the versions its classifiers list.

    Parameters
    ----------
    meta : email.message.Message-like, optional
        Package metadata with ``Requires-Python`` and ``Classifier`` entries; default the installed ``storageperf``'s.

    Returns
    -------
    tuple
        ``(requires_python, versions)``: the specifier as written (``""`` if none) and the ``(major, minor)``
        versions the classifiers name, sorted (empty if none).
    """
    meta = metadata.metadata("storageperf") if meta is None else meta
    requires = meta.get("Requires-Python") or ""
    versions = sorted({(int(m.group(1)), int(m.group(2)))
                       for c in (meta.get_all("Classifier") or []) if (m := _CLASSIFIER.match(c))})
    return requires, versions


def _satisfies(version, specifier):
    """Whether ``version`` (a tuple) meets every clause of a ``Requires-Python`` specifier such as ``>=3.11,<3.14``."""
    tests = {">=": lambda a, b: a >= b, ">": lambda a, b: a > b, "<=": lambda a, b: a <= b, "<": lambda a, b: a < b,
             "==": lambda a, b: a[:len(b)] == b, "!=": lambda a, b: a[:len(b)] != b,
             "~=": lambda a, b: a >= b and a[:len(b) - 1] == b[:-1]}
    for clause in filter(None, (c.strip() for c in specifier.split(","))):
        m = _BOUND.fullmatch(clause)
        if m is None:
            raise ValueError(f"specifier must be clauses such as '>=3.11', got {specifier!r}")
        bound = _version(m.group(2))
        if not tests[m.group(1)](tuple(version[:len(bound)]) if m.group(1) not in ("==", "!=") else tuple(version),
                                 bound):
            return False
    return True


def python_problems(version=None, meta=None):
    """What is wrong with a Python version for the guide: ``[]`` when it is one the guide supports.

    Parameters
    ----------
    version : tuple of int, optional
        ``(major, minor, micro)``; default the running Python's.
    meta : optional
        As in :func:`supported_pythons`.
    """
    version = tuple(sys.version_info[:3]) if version is None else tuple(version)
    requires, versions = supported_pythons(meta)
    shown = ".".join(map(str, version))
    if requires and not _satisfies(version, requires):
        return [f"Python {shown} is not one the package installs on (it requires Python {requires})"]
    if versions and tuple(version[:2]) not in versions:
        listed = ", ".join(f"{a}.{b}" for a, b in versions)
        return [f"Python {shown} is not one the guide is tested with ({listed}): install one of those"]
    return []


def platform_problems(system=None, machine=None, os_version=None):
    """What is wrong with a platform for the guide's wheels: ``[]`` when it is one ``make wheels`` checks.

    Parameters
    ----------
    system, machine : str, optional
        As ``platform.system()`` and ``platform.machine()`` name them; default this machine's.
    os_version : tuple of int, optional
        The glibc version on Linux, the macOS version on macOS; default this machine's.
    """
    system = platform.system() if system is None else system
    machine = platform.machine() if machine is None else machine
    if os_version is None:
        text = platform.libc_ver()[1] if system == "Linux" else platform.mac_ver()[0] if system == "Darwin" else ""
        os_version = _version(text) if re.fullmatch(r"\d+(\.\d+)*", text or "") else None
    machines = PLATFORMS.get(system)
    if machines is None or machine not in machines:
        checked = "; ".join(f"{NAMES[s]} on {', '.join(m)}" for s, m in PLATFORMS.items())
        return [f"{NAMES.get(system, system)} on {machine} is not a platform the guide's packages are checked on "
                f"({checked}): pip may have to compile a package, or use Binder"]
    oldest = machines[machine]
    if oldest is not None:
        what = "glibc" if system == "Linux" else "macOS"
        shown = ".".join(map(str, oldest))
        if os_version is None:
            return [f"{what} version unknown: the guide's packages are checked for {what} {shown} or newer"]
        if tuple(os_version) < oldest:
            return [f"{what} {'.'.join(map(str, os_version))} is older than {shown}, the oldest the guide's packages "
                    "are checked for: pip may have to compile a package, or use Binder"]
    return []


def package_problems(meta=None):
    """The packages a chapter needs (the package's dependencies and its ``book`` extra) that are not installed."""
    meta = metadata.metadata("storageperf") if meta is None else meta
    needed = []
    for requirement in meta.get_all("Requires-Dist") or []:
        name, _, marker = requirement.partition(";")
        if marker and "extra" in marker and "book" not in marker:
            continue
        needed.append(re.split(r"[\s<>=!~\[(]", name.strip(), maxsplit=1)[0])
    problems = []
    for name in needed:
        try:
            metadata.version(name)
        except metadata.PackageNotFoundError:
            problems.append(f"the package {name} is not installed")
    return problems


def calculator_answer():
    """One calculator's answer: the cheapest Azure NetApp Files service level for the HPC/EDA module's knowledge-check
    workload (``anf.sizing_options``), as ``(capacity_tib, throughput_mibps, level, monthly_usd)``."""
    from storageperf import data
    from storageperf.platforms import azure_netapp_files as anf

    capacity = data.value("hpc_eda_module", "quiz2_capacity_min", "TiB")
    throughput = data.value("hpc_eda_module", "quiz2_throughput_min", "MiB/s")
    options = anf.sizing_options(capacity, throughput)
    feasible = {level: o["usd"] for level, o in options.items() if o["feasible"] and math.isfinite(o["usd"])}
    if not feasible:
        raise RuntimeError("no service level answered: the package's data did not load as it should")
    level = min(feasible, key=feasible.get)
    return capacity, throughput, level, feasible[level]


def report(meta=None):
    """Print what this machine has, what the guide supports and "Ready." or what is wrong; return the problems."""
    requires, versions = supported_pythons(meta)
    print(f"Python {platform.python_version()} on {NAMES.get(platform.system(), platform.system())} "
          f"{platform.machine()}")
    print(f"The guide supports Python {requires or '(no bound stated)'}")
    if versions:
        print(f"It is tested with Python {', '.join(f'{a}.{b}' for a, b in versions)}")
    else:
        print("This installation does not list the Pythons the guide is tested with: an older install of the package")
    problems = python_problems(meta=meta) + platform_problems() + package_problems(meta)
    try:
        capacity, throughput, level, usd = calculator_answer()
        print(f"A calculator answers: {capacity:g} TiB at {throughput:,.0f} MiB/s costs least")
        print(f"at the {level} service level, {usd:,.0f} USD a month in East US")
    except Exception as error:  # noqa: BLE001  (whatever failed, the participant must read it)
        problems.append(f"the model did not answer: {type(error).__name__}: {error}")
    try:
        metadata.version("jupyterlab_myst")
    except metadata.PackageNotFoundError:
        print("Note: jupyterlab-myst is not installed, so JupyterLab shows the prose's numbers as expressions; "
              "pip install -r binder/requirements.txt installs it")
    if problems:
        print("Not ready:")
        for problem in problems:
            print(f"- {problem}")
    else:
        print("Ready.")
    return problems


if __name__ == "__main__":  # python -m storageperf_book.setup_check: the notebook's report, from a terminal
    sys.exit(1 if report() else 0)
