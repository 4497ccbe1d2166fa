"""Gather a release's files into _build/release with SHA256SUMS and manifest.json (``make release``).

See :mod:`storageperf_book.release`; ``make release`` runs ``make handouts`` and ``make workshop`` first, as
``.github/workflows/release.yml`` does before it publishes the folder.
"""
from pathlib import Path

from storageperf_book.handouts import build_facts
from storageperf_book.release import MANIFEST, SUMS, collect

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    target = ROOT / "_build" / "release"
    manifest = collect(ROOT / "_build", target, build_facts(ROOT))
    for asset in manifest["assets"]:
        print(f"{target / asset['name']}: {asset['bytes']} bytes, sha256 {asset['sha256']}")
    print(f"{target / SUMS}\n{target / MANIFEST}")
