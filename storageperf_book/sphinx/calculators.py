"""Figures, calculators and knowledge checks on the site: notebooks executed for the site render them without a kernel.

The environment (:data:`~storageperf_book.figures.SITE_ENV`) tells the executed notebooks to render calculators as
native controls over state files, knowledge checks as a script's and figures as files of numbers
(:mod:`storageperf_book.calculator`, :mod:`storageperf_book.quiz`, :mod:`storageperf_book.figures`); the state
files, keys, feedback and figures they write are served beside ``calculator.js``, ``quiz.js`` and ``lazy-draw.js``,
which the pages that have a calculator, a knowledge check or a figure load.
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from ..calculator import STATES_ENV
from ..figures import FIGURES_ENV, SITE_ENV
from ..quiz import FILES_ENV as QUIZ_FILES_ENV
from . import html_done

#: The calculators' script (native controls over the state files), relative to ``_static``; and where it finds the
#: state files.
CALCULATOR_JS = "calculator.js"
STATES = "calculators"

#: The knowledge checks' script (storageperf_book.quiz), relative to ``_static``; and where it finds their keys.
QUIZ_JS = "quiz.js"
QUIZZES = "quizzes"

#: Where ``lazy-draw.js`` finds the figures, relative to ``_static``.
FIGURES = "figures"


def _states_folder(app):
    return Path(app.doctreedir) / "calculator-states"


def _quiz_folder(app):
    return Path(app.doctreedir) / "quiz-files"


def _figures_folder(app):
    return Path(app.doctreedir) / "figures"


#: The name of a state file, a key, a feedback file or a figure, as a page names it (each is named by its content).
_BUILD_FILE = re.compile(r"\b(?:quiz-)?[0-9a-f]{16}\.json\b")


def build_files_missing(text):
    """The state files, keys, feedback and figures ``text`` (a notebook's outputs) names that are in none of the
    folders the kernels write them to, sorted."""
    folders = [Path(os.environ[name]) for name in (STATES_ENV, QUIZ_FILES_ENV, FIGURES_ENV) if os.environ.get(name)]
    return sorted(name for name in set(_BUILD_FILE.findall(text)) if not any((f / name).is_file() for f in folders))


def _serve_build_files(app, exception):
    """Serve, beside calculator.js, quiz.js and lazy-draw.js, the state files, keys, feedback and figures the executed
    notebooks wrote and the site's pages name; a file no page names any more (one an earlier build wrote for a page
    since changed) is deleted, from the site and from the build's folders."""
    if html_done(app, exception):
        outdir = Path(app.outdir)
        named = set()
        for page in outdir.rglob("*.html"):
            named.update(_BUILD_FILE.findall(page.read_text(encoding="utf-8")))
        for folder, served in ((_states_folder(app), STATES), (_quiz_folder(app), QUIZZES),
                               (_figures_folder(app), FIGURES)):
            target = outdir / "_static" / served
            target.mkdir(parents=True, exist_ok=True)
            for f in sorted(folder.glob("*.json")):
                if f.name in named:
                    shutil.copyfile(f, target / f.name)
                else:
                    f.unlink()
            for f in target.glob("*.json"):
                if f.name not in named:
                    f.unlink()


def _add_scripts(app, pagename, templatename, context, doctree):
    if 'class="calculator"' in context.get("body", ""):
        app.add_js_file(CALCULATOR_JS, type="module")
    if 'class="quiz"' in context.get("body", ""):
        app.add_js_file(QUIZ_JS, type="module")


def setup(app):
    """Execute notebooks in site mode; serve the calculators' states, the knowledge checks' files, the figures and the
    scripts."""
    app.setup_extension("storageperf_book.sphinx")  # html_done
    os.environ[SITE_ENV] = "1"
    os.environ[STATES_ENV] = str(_states_folder(app))
    os.environ[QUIZ_FILES_ENV] = str(_quiz_folder(app))
    os.environ[FIGURES_ENV] = str(_figures_folder(app))
    app.connect("html-page-context", _add_scripts)
    app.connect("build-finished", _serve_build_files)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
