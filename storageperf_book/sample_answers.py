"""The sample room: made-up answer files for the instructor's page (book/workshop/room-answers.ipynb) to read.

Made-up readers, not a real workshop: each of SAMPLE_READERS answers the HPC/EDA chapter's knowledge checks
(their questions and keys run from the chapter itself), choosing by a seeded random draw that favours the right
option and the distractors a reader plausibly picks; a reader wrong at first tries again, right or not, one time
in two (RETRY), so the room shows misconceptions fixed on a second attempt. Each file is what a reader's "Download
my answers" gives, under the name it gives. A trainer can rehearse the room's page with any other chapter's
questions (:func:`quiz_chapters` lists them). ``tools/sample_answers.py`` writes them.
"""
from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHAPTER = ROOT / "book" / "hpc-eda.ipynb"
FOLDER = ROOT / "book" / "workshop" / "sample-answers"

#: A made-up room: how many readers, the seed of their draws, and the moment the sample says they saved.
SAMPLE_READERS = 12
SEED = 2026
SAVED_AT = dt.datetime(2026, 1, 1, 10, 0, tzinfo=dt.timezone.utc)

#: How often a made-up reader wrong at the first attempt checks again (made up: one time in two).
RETRY = 1 / 2


def quiz_chapters(book=ROOT / "book"):
    """The chapters whose knowledge checks answer back: the notebooks whose code builds Quiz objects."""
    import nbformat

    return sorted(p for p in Path(book).glob("*.ipynb")
                  if any(c.cell_type == "code" and "Quiz(" in c.source for c in nbformat.read(p, as_version=4).cells))


def chapter_quizzes(path=CHAPTER):
    """The chapter's Quiz objects, by running its code cells up to the one that builds them (``KC``)."""
    from .quiz import chapter_quizzes as run

    return run(path)


def sample_choice(quiz, rng):
    """A made-up reader's answer: right two times in three, else a wrong option or a number off by a usual slip."""
    if quiz.kind == "number":
        slips = [quiz.answer, quiz.answer, quiz.answer / 2, quiz.answer * 2]  # made-up slips: half, double
        return f"{rng.choice(slips):.0f}"
    if rng.random() < 2 / 3:
        return list(quiz.correct)
    wrong = [c for c in quiz.letters if c not in quiz.correct]
    picked = [rng.choice(wrong)]
    return sorted(set(picked + (list(quiz.correct[:1]) if quiz.multiple else [])))


def sample_attempts(quiz, rng):
    """A made-up reader's attempts at a question: a first choice (:func:`sample_choice`); when it is wrong, one time
    in RETRY a second, right two times in three as the first."""
    first = sample_choice(quiz, rng)
    if quiz.check(first)["correct"] or rng.random() >= RETRY:
        return [first]
    return [first, sample_choice(quiz, rng)]


def write(folder=FOLDER, chapter=CHAPTER):
    from . import quiz as q

    quizzes = chapter_quizzes(chapter)
    folder = Path(folder)
    rng = random.Random(SEED)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    for reader in range(1, SAMPLE_READERS + 1):
        attempts = [(quiz, chosen) for quiz in quizzes for chosen in sample_attempts(quiz, rng)]
        q.ANSWERS.clear()
        q.ATTEMPTS.clear()
        for k, (quiz, chosen) in enumerate(attempts):  # a minute apart, the last a minute before saving
            quiz.check(chosen)
            q.ATTEMPTS[-1]["answered_at"] = (SAVED_AT - dt.timedelta(minutes=len(attempts) - k)).isoformat()
        document = q.answers_document(saved_at=SAVED_AT.isoformat(), participant=f"sample-reader-{reader:02d}")
        document["sample"] = "made-up answers written by tools/sample_answers.py, not a real reader's"
        (folder / q.answers_file_name(document)).write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return sorted(folder.glob("*.json"))

