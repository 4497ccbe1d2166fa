"""Ask the registry for a wheel of every package a reader installs, on each platform and Python the guide supports.

``make wheels`` runs it (not ``make test``: it needs the registry). For each platform and Python, ``pip download
--only-binary=:all:`` fetches binder/requirements.txt and what it pulls in. pip evaluates the requirements' markers
for the machine it runs on, not for ``--platform``: from Linux it never asks for the Windows-only packages (pywinpty
for the terminal, colorama for coloured output) a Windows laptop installs. So each downloaded wheel's requirements are
evaluated again for the target platform (:func:`missing`), and what they add is fetched too, pinned by the
requirements file, until nothing is missing.

    python tools/wheels.py binder/requirements.txt --platforms "win_amd64 macosx_11_0_arm64" --pythons "3.11 3.13"
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

#: What a platform's wheel tag says about the machine, as environment markers see it.
SYSTEMS = {"win": ("win32", "Windows", "nt"), "macosx": ("darwin", "Darwin", "posix"),
           "manylinux": ("linux", "Linux", "posix")}
MACHINES = {"amd64": "AMD64", "x86_64": "x86_64", "arm64": "arm64", "aarch64": "aarch64"}


def environment(platform, python):
    """The marker environment of a CPython ``python`` ("3.12") on the machine the wheel tag ``platform`` names."""
    system = next((v for k, v in SYSTEMS.items() if platform.startswith(k)), None)
    machine = next((v for k, v in MACHINES.items() if platform.endswith(k)), None)
    if system is None or machine is None:
        raise ValueError(f"platform must be a wheel tag of {', '.join(SYSTEMS)} on {', '.join(MACHINES)}, "
                         f"got {platform!r}")
    sys_platform, platform_system, os_name = system
    return {"sys_platform": sys_platform, "platform_system": platform_system, "os_name": os_name,
            "platform_machine": machine, "python_version": python, "python_full_version": f"{python}.0",
            "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}


def requirements_of(wheel):
    """The ``Requires-Dist`` lines of a wheel's metadata."""
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(z.read(name).decode("utf-8")).get_all("Requires-Dist") or []


def missing(wheels, env):
    """The requirements of ``wheels`` whose marker holds in ``env`` and whose package is not among them, by name."""
    have = {canonicalize_name(Path(w).name.split("-")[0]) for w in wheels}
    wanted = {}
    for wheel in wheels:
        for line in requirements_of(wheel):
            requirement = Requirement(line)
            if requirement.marker is not None and not Marker(str(requirement.marker)).evaluate(env):
                continue
            name = canonicalize_name(requirement.name)
            if name not in have:
                wanted[name] = requirement
    return sorted(wanted)


def download(args, folder, platform, python):
    """``pip download`` the ``args`` (requirements) as wheels for ``platform`` (comma-separated tags) and ``python``."""
    tags = [a for tag in platform.split(",") for a in ("--platform", tag)]
    run = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:", *tags,
                          "--python-version", python, "--implementation", "cp", "-d", str(folder), *args],
                         capture_output=True, text=True, check=False)
    return run.returncode == 0, run.stderr


def check(requirements, platform, python, folder):
    """Download every wheel ``platform`` and ``python`` need into ``folder``; return the problems (empty when all
    are there)."""
    ok, err = download(["-r", str(requirements)], folder, platform, python)
    if not ok:
        return [f"no wheel set for binder/requirements.txt: {err.strip().splitlines()[-1] if err.strip() else ''}"]
    env = environment(platform.split(",")[0], python)
    while wanted := missing(sorted(Path(folder).glob("*.whl")), env):
        ok, err = download(["-c", str(requirements), *wanted], folder, platform, python)
        if not ok:
            return [f"no wheel for {', '.join(wanted)}, which this platform's install adds: "
                    f"{err.strip().splitlines()[-1] if err.strip() else ''}"]
    return []


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("requirements")
    parser.add_argument("--platforms", required=True, help="wheel tags, space-separated; a platform that accepts "
                        "several tags lists them with commas")
    parser.add_argument("--pythons", required=True, help="Python versions, space-separated: 3.11 3.12")
    args = parser.parse_args(argv)
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for platform in args.platforms.split():
            for python in args.pythons.split():
                folder = Path(tmp, f"{python}-{platform.split(',')[0]}")
                problems = check(args.requirements, platform, python, folder)
                found = len(list(folder.glob("*.whl")))
                print(f"{platform.split(',')[0]}, Python {python}: "
                      + ("; ".join(problems) if problems else f"{found} wheels"))
                failed |= bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
