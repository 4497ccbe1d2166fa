"""Write the SAMPLE room's answer files that the instructor's page (book/workshop/room-answers.ipynb) reads: see
:mod:`storageperf_book.sample_answers`.

    PYTHONPATH=. python tools/sample_answers.py        # rewrites book/workshop/sample-answers/
    PYTHONPATH=. python tools/sample_answers.py book/cool-access.ipynb /tmp/room   # another chapter, another folder
"""
import sys
from pathlib import Path

from storageperf_book.sample_answers import CHAPTER, FOLDER, quiz_chapters, write

if __name__ == "__main__":
    chosen = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else CHAPTER
    if chosen not in quiz_chapters():
        raise SystemExit(f"chapter must be one of {', '.join(p.name for p in quiz_chapters())}, got {sys.argv[1]!r}")
    print("\n".join(str(p) for p in write(Path(sys.argv[2]) if len(sys.argv) > 2 else FOLDER, chosen)))
