"""Calculators and knowledge checks on the site: notebooks executed for the site render them without a kernel.

The environment (:data:`~storageperf_book.figures.SITE_ENV`) tells the executed notebooks to render calculators as
native controls over state files and knowledge checks as a script's (:mod:`storageperf_book.calculator`,
:mod:`storageperf_book.quiz`); the state files, keys and feedback they write are served beside ``calculator.js`` and
``quiz.js``, which the pages that have a calculator or a knowledge check load.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from ..calculator import STATES_ENV
from ..figures import SITE_ENV
from ..quiz import FILES_ENV as QUIZ_FILES_ENV
from . import html_done

#: The calculators' script (native controls over the state files), relative to ``_static``; and where it finds the
#: state files.
CALCULATOR_JS = "calculator.js"
STATES = "calculators"

#: The knowledge checks' script (storageperf_book.quiz), relative to ``_static``; and where it finds their keys.
QUIZ_JS = "quiz.js"
QUIZZES = "quizzes"


def _states_folder(app):
    return Path(app.doctreedir) / "calculator-states"


def _quiz_folder(app):
    return Path(app.doctreedir) / "quiz-files"


def _copy_build_files(folder, served):
    """A build-finished handler: copy the JSON files the executed notebooks wrote into ``folder(app)`` (each named
    by its content) to the site's ``_static/<served>``."""
    def copy(app, exception):
        if html_done(app, exception):
            target = Path(app.outdir) / "_static" / served
            target.mkdir(parents=True, exist_ok=True)
            for f in sorted(folder(app).glob("*.json")):
                shutil.copyfile(f, target / f.name)
    return copy


#: Each executed calculator wrote its state files, each knowledge check its key and feedback: the site serves them
#: beside calculator.js and quiz.js.
_copy_states = _copy_build_files(_states_folder, STATES)
_copy_quiz_files = _copy_build_files(_quiz_folder, QUIZZES)


def _add_scripts(app, pagename, templatename, context, doctree):
    if 'class="calculator"' in context.get("body", ""):
        app.add_js_file(CALCULATOR_JS, type="module")
    if 'class="quiz"' in context.get("body", ""):
        app.add_js_file(QUIZ_JS, type="module")


def setup(app):
    """Execute notebooks in site mode; serve the calculators' states and the knowledge checks' files and scripts."""
    os.environ[SITE_ENV] = "1"
    os.environ[STATES_ENV] = str(_states_folder(app))
    os.environ[QUIZ_FILES_ENV] = str(_quiz_folder(app))
    app.connect("html-page-context", _add_scripts)
    app.connect("build-finished", _copy_states)
    app.connect("build-finished", _copy_quiz_files)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
