"""The plotly.js the site serves: an official partial bundle holding the trace types the book draws, of the
plotly.js version that plotly.py bundles (the version its figures are written for, and what JupyterLab draws them
with).

The bundle is the npm package :data:`PACKAGE` at :data:`VERSION`. The build takes its tarball from a cache folder
(``build/vendor/`` in the checkout, not committed) or, when it is not there, downloads it once from the npm registry;
either way the tarball must match :data:`INTEGRITY`, the registry's sha512 of that release, pinned here. The site
serves the package's script and its licence beside it (:func:`files`).

When plotly.py is upgraded to another plotly.js version, :func:`check_version` stops the build and says to update
the pin: the package, version and integrity below.
"""
from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import tempfile
import urllib.request
from pathlib import Path

#: The npm package: plotly.js's official partial bundle with the trace types scatter, bar and pie (the book draws
#: scatter and bar; tests/website/test_figures.py checks every figure's trace types against the bundle served).
PACKAGE = "plotly.js-basic-dist-min"
#: Its version: the plotly.js that plotly.py 7.1.0 bundles (the header of plotly's package_data/plotly.min.js).
VERSION = "4.1.1"
#: ``dist.integrity`` of https://registry.npmjs.org/plotly.js-basic-dist-min/4.1.1 (the tarball's sha512, base64).
INTEGRITY = "sha512-1oNF8PeQx2hv/y7tqEVWKD3JGwn/MGEMQ8mL9HUwsaqG9FGy/OU5FHUHvzqbqxN4mnwZGI9abTiE775C4kkjMQ=="
#: The script in the package (its package.json ``main``) and the package's licence.
SCRIPT, LICENSE = "plotly-basic.min.js", "LICENSE"

REGISTRY = "https://registry.npmjs.org"

# The line of a bundle's header naming its version: "plotly.js v4.1.1", "plotly.js (basic - minified) v4.1.1".
_HEADER = re.compile(r"plotly\.js (?:\([^)\n]*\) )?v(\d+\.\d+\.\d+\S*)")


def tarball_url(package=PACKAGE, version=VERSION):
    """The registry's address of a package's tarball (``dist.tarball`` of ``{REGISTRY}/{package}/{version}``).

    >>> tarball_url("plotly.js-basic-dist-min", "4.1.1")
    'https://registry.npmjs.org/plotly.js-basic-dist-min/-/plotly.js-basic-dist-min-4.1.1.tgz'
    """
    return f"{REGISTRY}/{package}/-/{package}-{version}.tgz"


def header_version(script):
    """The plotly.js version a bundle's header names (``script``: the start of the bundle, as text).

    >>> header_version("/**\\n* plotly.js (basic - minified) v4.1.1\\n* Copyright 2012-2026, Plotly, Inc.")
    '4.1.1'
    """
    found = _HEADER.search(script[:500])
    if not found:
        raise ValueError(f"script does not start with a plotly.js header naming its version, got {script[:80]!r}")
    return found.group(1)


def plotly_py_version():
    """The version of the plotly.js that the installed plotly.py bundles, read from its script's header."""
    import plotly

    path = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    with path.open(encoding="utf-8") as f:
        return header_version(f.read(500))


def check_version(bundled):
    """Refuse the pinned bundle unless its version is ``bundled``, the plotly.js version plotly.py bundles."""
    if bundled != VERSION:
        raise ValueError(f"bundled plotly.js {bundled} (plotly.py's) differs from the pinned {PACKAGE} {VERSION}; "
                         f"update the pin in storageperf_book/plotly_bundle.py: VERSION = {bundled!r} and "
                         f"INTEGRITY = dist.integrity of {REGISTRY}/{PACKAGE}/{bundled}")


def integrity(data):
    """The npm registry's integrity string (sha512, base64) of ``data``."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def verify(data, what):
    """``data`` (the tarball ``what``) if its integrity is the pinned :data:`INTEGRITY`; else a ValueError."""
    got = integrity(data)
    if got != INTEGRITY:
        raise ValueError(f"data: {what} has integrity {got}, expected {INTEGRITY} (the pin in "
                         f"storageperf_book/plotly_bundle.py)")
    return data


def _download(url):
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read()


def tarball(cache, download=_download):
    """The pinned package's tarball, verified: from the folder ``cache``, else downloaded from the registry and
    kept there. A cached copy that fails the check is downloaded again."""
    path = Path(cache) / f"{PACKAGE}-{VERSION}.tgz"
    if path.is_file():
        try:
            return verify(path.read_bytes(), what=str(path))
        except ValueError:
            pass
    url = tarball_url()
    try:
        data = download(url)
    except OSError as err:
        raise RuntimeError(f"could not download {url} ({err}); to build offline, put that file in {path}") from err
    verify(data, what=url)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as tmp:  # whole or absent, for parallel builds
        tmp.write(data)
    os.replace(tmp.name, path)
    return data


def files(cache, download=_download):
    """The script and the licence of the pinned bundle, ``{file name: bytes}``, after checking that its version is
    the one plotly.py bundles."""
    check_version(plotly_py_version())
    with tarfile.open(fileobj=io.BytesIO(tarball(cache, download)), mode="r:gz") as tar:
        return {name: tar.extractfile(f"package/{name}").read() for name in (SCRIPT, LICENSE)}
