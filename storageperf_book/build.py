"""``python -m storageperf_book.build [ARGS]``: ``jupyter-book build ARGS``, started in half the time.

jupyter-book imports jsonschema to check ``_config.yml``, and jsonschema, finding ``rfc3987_syntax`` installed (the
notebook server's packages pull it in), compiles that package's grammars on import: seconds of every build, a
rebuild with nothing to do included (``make bench`` times it). They serve only jsonschema's ``iri`` format check,
and jupyter-book checks its configuration without format checks, so this command leaves the package out of the
build's process; the site it builds is the same.
"""
from __future__ import annotations

import sys


def main(args=None):
    """Run ``jupyter-book build`` with ``args`` (default: the command line's), without ``rfc3987_syntax``."""
    sys.modules.setdefault("rfc3987_syntax", None)  # an import of it then fails, and jsonschema goes without
    from jupyter_book.cli.main import main as jupyter_book

    jupyter_book(["build", *(sys.argv[1:] if args is None else args)])


if __name__ == "__main__":
    main()
