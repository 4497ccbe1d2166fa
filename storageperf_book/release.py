"""A release's files, gathered from the build (``make release``; ``.github/workflows/release.yml`` publishes them).

:func:`collect` copies what ``make handouts`` and ``make workshop`` wrote into one folder: the whole book as a PDF,
the offline copy of the site, the participant's and the instructor's editions, and the participant's site zipped as
the offline copy is. Beside them it writes ``SHA256SUMS`` (as ``sha256sum`` writes it: ``sha256sum -c SHA256SUMS``
checks a download) and ``manifest.json``: each file's name, size and SHA-256, the commit, the build date and the
prices' dates, the facts the PDF's title page prints (:func:`storageperf_book.handouts.build_facts`).
"""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

#: A release's files: name in the release -> where the build writes it, relative to ``_build``, and what it is.
ASSETS = {
    "guide.pdf": ("guide.pdf", "the whole book as one PDF"),
    "participant.pdf": ("participant.pdf", "the participant's site as one PDF, without answers"),
    "guide-offline.zip": ("guide-offline.zip", "the site to read offline"),
    "participant.zip": ("workshop/participant.zip", "the workshop's participant edition"),
    "instructor.zip": ("workshop/instructor.zip", "the workshop's instructor edition"),
    "participant-site.zip": ("workshop/participant-site", "the participant's site to read offline"),
}

#: The make target that writes each file of :data:`ASSETS`.
MADE_BY = {"guide.pdf": "make handouts", "participant.pdf": "make workshop, then make handouts",
           "guide-offline.zip": "make handouts", "participant.zip": "make workshop",
           "instructor.zip": "make workshop", "participant-site.zip": "make workshop"}

SUMS = "SHA256SUMS"
MANIFEST = "manifest.json"


def sha256_hex(path):
    """The SHA-256 of the file at ``path``, as 64 hexadecimal digits."""
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def collect(build, target, facts):
    """Gather a release's files from ``build`` into ``target`` with their sums and manifest; return the manifest.

    Parameters
    ----------
    build : path-like
        The build folder (``_build``), where ``make handouts`` and ``make workshop`` wrote :data:`ASSETS`.
    target : path-like
        The release folder to write (emptied first).
    facts : dict
        ``{"built": date, "commit": hash or None, "prices": [...]}``, as
        :func:`storageperf_book.handouts.build_facts` returns.
    """
    from .handouts import offline_zip

    build, target = Path(build), Path(target)
    missing = [f"{name} ({MADE_BY[name]} writes {build / source})" for name, (source, _) in ASSETS.items()
               if not (build / source).exists()]
    if missing:
        raise ValueError(f"build must hold every file of a release; {str(build)!r} lacks " + "; ".join(missing))
    if not isinstance(facts, dict) or not {"built", "commit", "prices"} <= set(facts):
        raise ValueError(f"facts must be a dict with built, commit and prices (handouts.build_facts); got {facts!r}")
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name, (source, _) in ASSETS.items():
        if (build / source).is_dir():
            offline_zip(build / source, target / name)
        else:
            shutil.copyfile(build / source, target / name)
    assets = [{"name": name, "what": what, "bytes": (target / name).stat().st_size, "sha256": sha256_hex(target / name)}
              for name, (_, what) in ASSETS.items()]
    (target / SUMS).write_text("".join(f"{a['sha256']}  {a['name']}\n" for a in assets), encoding="utf-8")
    manifest = {"commit": facts["commit"], "built": facts["built"], "prices": facts["prices"], "assets": assets}
    (target / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def latest_download_url(repository, name):
    """The address that always serves the file ``name`` of ``repository``'s latest release (GitHub's form).

    Examples
    --------
    >>> latest_download_url("https://github.com/someone/guide", "guide.pdf")
    'https://github.com/someone/guide/releases/latest/download/guide.pdf'
    """
    if name not in ASSETS and name not in (SUMS, MANIFEST):
        raise ValueError(f"name must be a file of a release ({', '.join([*ASSETS, SUMS, MANIFEST])}); got {name!r}")
    if not (isinstance(repository, str) and repository.startswith(("https://", "http://"))):
        raise ValueError(f"repository must be the repository's web address (https://...); got {repository!r}")
    return f"{repository.rstrip('/')}/releases/latest/download/{name}"
